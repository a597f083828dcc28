import { C } from "./palette.mjs";
import { uid, f, rng, smooth, linear, radial, shadow } from "./svg.mjs";
import { steam, noodleStroke, noodlePile } from "./ingredients.mjs";
import { toppings } from "./bowl-toppings.mjs";

export const HEAT = {
  1: { broth: ["#FDBA8C", "#F68452", "#E35B32"], oil: "#FDBA74", circle: C.saffron },
  2: { broth: ["#F97857", "#DE3A23", "#B4201A"], oil: "#FB923C", circle: C.ember },
  3: { broth: ["#E4362B", "#B0132F", "#74091F"], oil: "#F97316", circle: C.red },
};

/**
 * A bowl of mie in 3/4 view. (cx, cy) is the centre of the rim ellipse, R its half width.
 * lift: chopsticks lifting a bundle of noodles (hero image).
 */
export function bowl({ cx, cy, R, level = 1, seed = 7, steamOn = true, lift = false, steamOpacity = 0.75 }) {
  const rand = rng(seed);
  const k = 0.42;
  const ry = R * k;
  const heat = HEAT[level];
  const [bodyG, innerG, brothG, clipO, clipB, clipBody] = ["bg", "ig", "br", "co", "cb", "cy"].map(uid);
  const bottom = cy + R * 0.76;
  const body = `M${f(cx - R)},${f(cy)} C${f(cx - R)},${f(cy + R * 0.5)} ${f(cx - R * 0.64)},${f(bottom)} ${f(
    cx - R * 0.4,
  )},${f(bottom)} A${f(R * 0.4)},${f(R * 0.07)} 0 0 0 ${f(cx + R * 0.4)},${f(bottom)} C${f(cx + R * 0.64)},${f(
    bottom,
  )} ${f(cx + R)},${f(cy + R * 0.5)} ${f(cx + R)},${f(cy)}Z`;
  const foot = `M${f(cx - R * 0.36)},${f(bottom - R * 0.02)} L${f(cx - R * 0.33)},${f(bottom + R * 0.08)} A${f(
    R * 0.33,
  )},${f(R * 0.075)} 0 0 0 ${f(cx + R * 0.33)},${f(bottom + R * 0.08)} L${f(cx + R * 0.36)},${f(bottom - R * 0.02)}Z`;
  const band = (o1, o2) =>
    `M${f(cx - R * 1.2)},${f(cy + o1)} A${f(R * 1.2)},${f(ry * 1.2)} 0 0 0 ${f(cx + R * 1.2)},${f(cy + o1)} L${f(
      cx + R * 1.2,
    )},${f(cy + o2)} A${f(R * 1.2)},${f(ry * 1.2)} 0 0 1 ${f(cx - R * 1.2)},${f(cy + o2)}Z`;
  const irx = R * 0.93;
  const iry = ry * 0.9;
  const icy = cy + ry * 0.03;
  const bx = cx;
  const by = cy + ry * 0.16;
  const brx = R * 0.87;
  const bry = ry * 0.8;

  let s = "";
  s += shadow(cx + R * 0.06, bottom + R * 0.1, R * 1.08, R * 0.2, 0.32);
  s += `<defs>
${linear(
  bodyG,
  [0, 0, 1, 0],
  [
    [0, "#FFFFFF"],
    [0.42, "#FBF5EE"],
    [0.8, "#E6D7C8"],
    [1, "#CDB9A6"],
  ],
)}
${linear(
  innerG,
  [0, 0, 0, 1],
  [
    [0, "#CDBBA9"],
    [0.35, "#EFE5DA"],
    [1, "#FFFFFF"],
  ],
)}
${radial(
  brothG,
  [0.45, 0.42, 0.62],
  [
    [0, heat.broth[0]],
    [0.55, heat.broth[1]],
    [1, heat.broth[2]],
  ],
)}
<clipPath id="${clipO}"><ellipse cx="${f(cx)}" cy="${f(icy)}" rx="${f(irx)}" ry="${f(iry)}"/></clipPath>
<clipPath id="${clipB}"><ellipse cx="${f(bx)}" cy="${f(by)}" rx="${f(brx)}" ry="${f(bry)}"/></clipPath>
<clipPath id="${clipBody}"><path d="${body}"/></clipPath>
</defs>`;
  s += `<path d="${foot}" fill="#D9C8B6"/>`;
  s += `<path d="${body}" fill="url(#${bodyG})"/>`;
  s += `<g clip-path="url(#${clipBody})"><path d="${band(R * 0.1, R * 0.19)}" fill="${C.red}"/><path d="${band(
    R * 0.225,
    R * 0.245,
  )}" fill="${C.saffron}"/><path d="${band(R * 0.6, R * 1.2)}" fill="${C.charcoal}" opacity=".05"/></g>`;
  // Rim and inside of the bowl.
  s += `<ellipse cx="${f(cx)}" cy="${f(cy)}" rx="${f(R)}" ry="${f(ry)}" fill="#FFFDF9" stroke="#E4D3C2" stroke-width="${f(
    R * 0.008,
  )}"/>`;
  s += `<ellipse cx="${f(cx)}" cy="${f(icy)}" rx="${f(irx)}" ry="${f(iry)}" fill="url(#${innerG})"/>`;
  s += `<g clip-path="url(#${clipO})">`;
  s += `<ellipse cx="${f(bx)}" cy="${f(by)}" rx="${f(brx)}" ry="${f(bry)}" fill="url(#${brothG})"/>`;
  // Chili-oil droplets on the broth.
  let drops = "";
  for (let i = 0; i < 26; i++) {
    const a = rand() * Math.PI * 2;
    const r = 0.55 + rand() * 0.4;
    const x = bx + Math.cos(a) * brx * r;
    const y = by + Math.sin(a) * bry * r;
    const d = R * (0.012 + rand() * 0.022);
    drops += `<ellipse cx="${f(x)}" cy="${f(y)}" rx="${f(d)}" ry="${f(d * 0.6)}" fill="${heat.oil}" opacity=".75"/>`;
  }
  s += `<g clip-path="url(#${clipB})">${drops}</g>`;
  // A soft darker base under the tangle, then the noodles.
  s += `<ellipse cx="${f(bx)}" cy="${f(by - bry * 0.05)}" rx="${f(brx * 0.74)}" ry="${f(bry * 0.7)}" fill="#D8952B"/>`;
  s += noodlePile(rand, bx, by - bry * 0.05, brx * 0.8, bry * 0.76, 30, R * 0.04);
  s += toppings(rand, bx, by, brx, bry, level, R);
  s += `</g>`;
  // Shadow of the back rim on the broth and a glossy lip.
  s += `<path d="M${f(cx - irx)},${f(icy)} A${f(irx)},${f(iry)} 0 0 1 ${f(cx + irx)},${f(icy)}" fill="none" stroke="${
    C.charcoal
  }" stroke-opacity=".08" stroke-width="${f(R * 0.03)}"/>`;
  s += `<path d="M${f(cx - R * 0.97)},${f(cy + ry * 0.12)} A${f(R)},${f(ry)} 0 0 0 ${f(cx - R * 0.1)},${f(
    cy + ry * 0.995,
  )}" fill="none" stroke="#fff" stroke-width="${f(R * 0.018)}" stroke-linecap="round" opacity=".9"/>`;
  s += `<path d="M${f(cx - R * 0.86)},${f(cy + R * 0.36)} C${f(cx - R * 0.78)},${f(cy + R * 0.58)} ${f(
    cx - R * 0.62,
  )},${f(cy + R * 0.72)} ${f(cx - R * 0.46)},${f(cy + R * 0.78)}" fill="none" stroke="#fff" stroke-width="${f(
    R * 0.05,
  )}" stroke-linecap="round" opacity=".85"/>`;

  if (lift) {
    // Chopsticks lifting a bundle of noodles.
    const tx = cx + R * 0.08;
    const ty = cy - R * 0.78;
    let strands = "";
    const n = 7;
    for (let i = 0; i < n; i++) {
      const off = (i - (n - 1) / 2) * R * 0.032;
      const endX = cx + off * 2.2 + (rand() - 0.5) * R * 0.1;
      const endY = by + bry * (0.05 + rand() * 0.25);
      const pts = [];
      const m = 9;
      for (let j = 0; j <= m; j++) {
        const t = j / m;
        const px = tx + off * 0.6 + (endX - tx - off * 0.6) * t * t;
        const py = ty + R * 0.02 + (endY - ty - R * 0.02) * t;
        const wig = j === 0 ? 0 : Math.sin(j * 1.9 + i * 1.3) * R * 0.022;
        pts.push([px + wig, py]);
      }
      strands += noodleStroke(smooth(pts), R * 0.036, ["#F9CF5A", "#F5C043", "#FBD872"][i % 3]);
    }
    s += `<g fill="none" stroke-linecap="round">${strands}</g>`;
    const stickG = uid("sk");
    const stick = (x1, y1, x2, y2, w1, w2) => {
      const a = Math.atan2(y2 - y1, x2 - x1) + Math.PI / 2;
      const [c, sn] = [Math.cos(a), Math.sin(a)];
      return `<path d="M${f(x1 + (c * w1) / 2)},${f(y1 + (sn * w1) / 2)} L${f(x2 + (c * w2) / 2)},${f(
        y2 + (sn * w2) / 2,
      )} L${f(x2 - (c * w2) / 2)},${f(y2 - (sn * w2) / 2)} L${f(x1 - (c * w1) / 2)},${f(
        y1 - (sn * w1) / 2,
      )}Z" fill="url(#${stickG})" stroke="#7C2D12" stroke-width="1.5" stroke-linejoin="round"/>`;
    };
    s += `<defs>${linear(
      stickG,
      [0, 0, 1, 1],
      [
        [0, "#E7B478"],
        [0.5, "#C98A4B"],
        [1, "#9A5B26"],
      ],
    )}</defs>`;
    s += stick(tx - R * 0.06, ty + R * 0.02, cx + R * 1.35, cy - R * 1.5, R * 0.025, R * 0.055);
    s += stick(tx + R * 0.04, ty + R * 0.06, cx + R * 1.5, cy - R * 1.34, R * 0.025, R * 0.055);
    // Two loops draped over the sticks.
    s += `<g fill="none" stroke-linecap="round">${noodleStroke(
      `M${f(tx - R * 0.08)},${f(ty + R * 0.12)} C${f(tx - R * 0.1)},${f(ty - R * 0.06)} ${f(tx + R * 0.06)},${f(
        ty - R * 0.08,
      )} ${f(tx + R * 0.08)},${f(ty + R * 0.14)}`,
      R * 0.036,
      "#F9CF5A",
    )}</g>`;
  }
  if (steamOn) {
    const xs = [cx - R * 0.42, cx - R * 0.05, cx + R * 0.36];
    s += steam(xs, cy - ry * 0.1, R * 0.95, R * 0.055, steamOpacity);
  }
  return s;
}
