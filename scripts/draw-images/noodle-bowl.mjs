// The bowl of mie ayam: the menu's three heat levels, the slides, promos, hero and open-graph image.
import { palette } from "./palette.mjs";
import {
  uniqueId,
  round1,
  seededRandom,
  smoothPath,
  linearGradient,
  radialGradient,
  softShadow,
} from "./svg.mjs";
import { steam } from "./decorations.mjs";
import { noodleStroke, noodlePile } from "./noodles.mjs";
import { mieAyamToppings } from "./bowl-toppings.mjs";

/** Broth colours (centre to edge) and chili-oil droplets per heat level. */
const BROTH_BY_HEAT = {
  1: { broth: ["#FDBA8C", "#F68452", "#E35B32"], oil: "#FDBA74" },
  2: { broth: ["#F97857", "#DE3A23", "#B4201A"], oil: "#FB923C" },
  3: { broth: ["#E4362B", "#B0132F", "#74091F"], oil: "#F97316" },
};

/**
 * A bowl of mie in 3/4 view. (cx, cy) is the centre of the rim ellipse, radius its half width.
 * lift: chopsticks lifting a bundle of noodles (hero and open-graph image).
 */
export function noodleBowl({
  cx,
  cy,
  radius,
  level = 1,
  seed = 7,
  steamOn = true,
  lift = false,
  steamOpacity = 0.75,
}) {
  const rand = seededRandom(seed);
  // The rim is a circle seen from above at an angle: its height is 0.42 of its width.
  const rimRy = radius * 0.42;
  const heat = BROTH_BY_HEAT[level];
  const [bodyGradient, insideGradient, brothGradient, insideClip, brothClip, bodyClip] = [
    "bg",
    "ig",
    "br",
    "co",
    "cb",
    "cy",
  ].map(uniqueId);
  const bottom = cy + radius * 0.76;
  const body = `M${round1(cx - radius)},${round1(cy)} C${round1(cx - radius)},${round1(cy + radius * 0.5)} ${round1(cx - radius * 0.64)},${round1(bottom)} ${round1(
    cx - radius * 0.4,
  )},${round1(bottom)} A${round1(radius * 0.4)},${round1(radius * 0.07)} 0 0 0 ${round1(cx + radius * 0.4)},${round1(bottom)} C${round1(cx + radius * 0.64)},${round1(
    bottom,
  )} ${round1(cx + radius)},${round1(cy + radius * 0.5)} ${round1(cx + radius)},${round1(cy)}Z`;
  const foot = `M${round1(cx - radius * 0.36)},${round1(bottom - radius * 0.02)} L${round1(cx - radius * 0.33)},${round1(bottom + radius * 0.08)} A${round1(
    radius * 0.33,
  )},${round1(radius * 0.075)} 0 0 0 ${round1(cx + radius * 0.33)},${round1(bottom + radius * 0.08)} L${round1(cx + radius * 0.36)},${round1(bottom - radius * 0.02)}Z`;
  // A stripe around the body between two offsets below the rim (clipped to the body when drawn).
  const band = (top, under) =>
    `M${round1(cx - radius * 1.2)},${round1(cy + top)} A${round1(radius * 1.2)},${round1(rimRy * 1.2)} 0 0 0 ${round1(cx + radius * 1.2)},${round1(cy + top)} L${round1(
      cx + radius * 1.2,
    )},${round1(cy + under)} A${round1(radius * 1.2)},${round1(rimRy * 1.2)} 0 0 1 ${round1(cx - radius * 1.2)},${round1(cy + under)}Z`;
  const inside = { cy: cy + rimRy * 0.03, rx: radius * 0.93, ry: rimRy * 0.9 };
  const surface = { cx, cy: cy + rimRy * 0.16, rx: radius * 0.87, ry: rimRy * 0.8 };

  let svg = "";
  svg += softShadow(cx + radius * 0.06, bottom + radius * 0.1, radius * 1.08, radius * 0.2, 0.32);
  svg += `<defs>
${linearGradient(
  bodyGradient,
  [0, 0, 1, 0],
  [
    [0, "#FFFFFF"],
    [0.42, "#FBF5EE"],
    [0.8, "#E6D7C8"],
    [1, "#CDB9A6"],
  ],
)}
${linearGradient(
  insideGradient,
  [0, 0, 0, 1],
  [
    [0, "#CDBBA9"],
    [0.35, "#EFE5DA"],
    [1, "#FFFFFF"],
  ],
)}
${radialGradient(
  brothGradient,
  [0.45, 0.42, 0.62],
  [
    [0, heat.broth[0]],
    [0.55, heat.broth[1]],
    [1, heat.broth[2]],
  ],
)}
<clipPath id="${insideClip}"><ellipse cx="${round1(cx)}" cy="${round1(inside.cy)}" rx="${round1(inside.rx)}" ry="${round1(inside.ry)}"/></clipPath>
<clipPath id="${brothClip}"><ellipse cx="${round1(surface.cx)}" cy="${round1(surface.cy)}" rx="${round1(surface.rx)}" ry="${round1(surface.ry)}"/></clipPath>
<clipPath id="${bodyClip}"><path d="${body}"/></clipPath>
</defs>`;
  svg += `<path d="${foot}" fill="#D9C8B6"/>`;
  svg += `<path d="${body}" fill="url(#${bodyGradient})"/>`;
  svg += `<g clip-path="url(#${bodyClip})"><path d="${band(radius * 0.1, radius * 0.19)}" fill="${palette.red}"/><path d="${band(
    radius * 0.225,
    radius * 0.245,
  )}" fill="${palette.saffron}"/><path d="${band(radius * 0.6, radius * 1.2)}" fill="${palette.charcoal}" opacity=".05"/></g>`;
  // Rim and inside of the bowl.
  svg += `<ellipse cx="${round1(cx)}" cy="${round1(cy)}" rx="${round1(radius)}" ry="${round1(rimRy)}" fill="#FFFDF9" stroke="#E4D3C2" stroke-width="${round1(
    radius * 0.008,
  )}"/>`;
  svg += `<ellipse cx="${round1(cx)}" cy="${round1(inside.cy)}" rx="${round1(inside.rx)}" ry="${round1(inside.ry)}" fill="url(#${insideGradient})"/>`;
  svg += `<g clip-path="url(#${insideClip})">`;
  svg += `<ellipse cx="${round1(surface.cx)}" cy="${round1(surface.cy)}" rx="${round1(surface.rx)}" ry="${round1(surface.ry)}" fill="url(#${brothGradient})"/>`;
  // Chili-oil droplets towards the edge of the broth.
  let drops = "";
  for (let i = 0; i < 26; i++) {
    const angle = rand() * Math.PI * 2;
    const distance = 0.55 + rand() * 0.4;
    const x = surface.cx + Math.cos(angle) * surface.rx * distance;
    const y = surface.cy + Math.sin(angle) * surface.ry * distance;
    const size = radius * (0.012 + rand() * 0.022);
    drops += `<ellipse cx="${round1(x)}" cy="${round1(y)}" rx="${round1(size)}" ry="${round1(size * 0.6)}" fill="${heat.oil}" opacity=".75"/>`;
  }
  svg += `<g clip-path="url(#${brothClip})">${drops}</g>`;
  // A soft darker base under the tangle, then the noodles.
  svg += `<ellipse cx="${round1(surface.cx)}" cy="${round1(surface.cy - surface.ry * 0.05)}" rx="${round1(surface.rx * 0.74)}" ry="${round1(surface.ry * 0.7)}" fill="#D8952B"/>`;
  svg += noodlePile(
    rand,
    surface.cx,
    surface.cy - surface.ry * 0.05,
    surface.rx * 0.8,
    surface.ry * 0.76,
    30,
    radius * 0.04,
  );
  svg += mieAyamToppings(rand, surface.cx, surface.cy, surface.rx, surface.ry, level, radius);
  svg += `</g>`;
  // Shadow of the back rim on the broth and a glossy lip.
  svg += `<path d="M${round1(cx - inside.rx)},${round1(inside.cy)} A${round1(inside.rx)},${round1(inside.ry)} 0 0 1 ${round1(cx + inside.rx)},${round1(inside.cy)}" fill="none" stroke="${
    palette.charcoal
  }" stroke-opacity=".08" stroke-width="${round1(radius * 0.03)}"/>`;
  svg += `<path d="M${round1(cx - radius * 0.97)},${round1(cy + rimRy * 0.12)} A${round1(radius)},${round1(rimRy)} 0 0 0 ${round1(cx - radius * 0.1)},${round1(
    cy + rimRy * 0.995,
  )}" fill="none" stroke="#fff" stroke-width="${round1(radius * 0.018)}" stroke-linecap="round" opacity=".9"/>`;
  svg += `<path d="M${round1(cx - radius * 0.86)},${round1(cy + radius * 0.36)} C${round1(cx - radius * 0.78)},${round1(cy + radius * 0.58)} ${round1(
    cx - radius * 0.62,
  )},${round1(cy + radius * 0.72)} ${round1(cx - radius * 0.46)},${round1(cy + radius * 0.78)}" fill="none" stroke="#fff" stroke-width="${round1(
    radius * 0.05,
  )}" stroke-linecap="round" opacity=".85"/>`;

  if (lift) svg += chopsticksLiftingNoodles(rand, cx, cy, radius, surface);
  if (steamOn) {
    const xs = [cx - radius * 0.42, cx - radius * 0.05, cx + radius * 0.36];
    svg += steam(xs, cy - rimRy * 0.1, radius * 0.95, radius * 0.055, steamOpacity);
  }
  return svg;
}

/** A bundle of noodles hanging from chopsticks above the bowl, falling back into the broth (surface). */
function chopsticksLiftingNoodles(rand, cx, cy, radius, surface) {
  // Where the chopsticks pinch the noodles.
  const gripX = cx + radius * 0.08;
  const gripY = cy - radius * 0.78;
  let strands = "";
  const strandCount = 7;
  for (let i = 0; i < strandCount; i++) {
    const offset = (i - (strandCount - 1) / 2) * radius * 0.032;
    const endX = cx + offset * 2.2 + (rand() - 0.5) * radius * 0.1;
    const endY = surface.cy + surface.ry * (0.05 + rand() * 0.25);
    const points = [];
    const segments = 9;
    for (let j = 0; j <= segments; j++) {
      const t = j / segments;
      // Quadratic in x and linear in y: the strands hang straight down, then spread towards the broth.
      const x = gripX + offset * 0.6 + (endX - gripX - offset * 0.6) * t * t;
      const y = gripY + radius * 0.02 + (endY - gripY - radius * 0.02) * t;
      const wiggle = j === 0 ? 0 : Math.sin(j * 1.9 + i * 1.3) * radius * 0.022;
      points.push([x + wiggle, y]);
    }
    strands += noodleStroke(smoothPath(points), radius * 0.036, ["#F9CF5A", "#F5C043", "#FBD872"][i % 3]);
  }
  let svg = `<g fill="none" stroke-linecap="round">${strands}</g>`;
  const stickGradient = uniqueId("sk");
  // A tapered chopstick: a quadrilateral from (fromX, fromY) to (toX, toY), widening from fromWidth to toWidth.
  const chopstick = (fromX, fromY, toX, toY, fromWidth, toWidth) => {
    const normal = Math.atan2(toY - fromY, toX - fromX) + Math.PI / 2;
    const [nx, ny] = [Math.cos(normal), Math.sin(normal)];
    return `<path d="M${round1(fromX + (nx * fromWidth) / 2)},${round1(fromY + (ny * fromWidth) / 2)} L${round1(toX + (nx * toWidth) / 2)},${round1(
      toY + (ny * toWidth) / 2,
    )} L${round1(toX - (nx * toWidth) / 2)},${round1(toY - (ny * toWidth) / 2)} L${round1(fromX - (nx * fromWidth) / 2)},${round1(
      fromY - (ny * fromWidth) / 2,
    )}Z" fill="url(#${stickGradient})" stroke="#7C2D12" stroke-width="1.5" stroke-linejoin="round"/>`;
  };
  svg += `<defs>${linearGradient(
    stickGradient,
    [0, 0, 1, 1],
    [
      [0, "#E7B478"],
      [0.5, "#C98A4B"],
      [1, "#9A5B26"],
    ],
  )}</defs>`;
  svg += chopstick(
    gripX - radius * 0.06,
    gripY + radius * 0.02,
    cx + radius * 1.35,
    cy - radius * 1.5,
    radius * 0.025,
    radius * 0.055,
  );
  svg += chopstick(
    gripX + radius * 0.04,
    gripY + radius * 0.06,
    cx + radius * 1.5,
    cy - radius * 1.34,
    radius * 0.025,
    radius * 0.055,
  );
  // A loop draped over the sticks.
  svg += `<g fill="none" stroke-linecap="round">${noodleStroke(
    `M${round1(gripX - radius * 0.08)},${round1(gripY + radius * 0.12)} C${round1(gripX - radius * 0.1)},${round1(gripY - radius * 0.06)} ${round1(gripX + radius * 0.06)},${round1(
      gripY - radius * 0.08,
    )} ${round1(gripX + radius * 0.08)},${round1(gripY + radius * 0.14)}`,
    radius * 0.036,
    "#F9CF5A",
  )}</g>`;
  return svg;
}
