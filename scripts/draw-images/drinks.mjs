import { C } from "./palette.mjs";
import { uid, f, rng, linear, shadow } from "./svg.mjs";

/** A tall glass drink in 3/4 view. */
export function glass({
  cx,
  top,
  bottom,
  wTop,
  wBot,
  liquidTop,
  liquid,
  straw = [C.red, "#fff"],
  garnish = "none",
  seed = 3,
}) {
  const rand = rng(seed);
  const [liqG, clipG, clipL, glassG] = ["lq", "cg", "cl", "gl"].map(uid);
  const rT = wTop / 2;
  const rB = wBot / 2;
  const ryT = rT * 0.17;
  const ryB = rB * 0.17;
  const half = (y) => rT + ((rB - rT) * (y - top)) / (bottom - top);
  const base = bottom - (bottom - top) * 0.07;
  const inset = 6;
  const outline = `M${f(cx - rT)},${f(top)} L${f(cx - rB)},${f(bottom)} A${f(rB)},${f(ryB)} 0 0 0 ${f(cx + rB)},${f(
    bottom,
  )} L${f(cx + rT)},${f(top)} A${f(rT)},${f(ryT)} 0 0 0 ${f(cx - rT)},${f(top)}Z`;
  const hl = half(liquidTop) - inset;
  const hb = half(base) - inset;
  const liquidPath = `M${f(cx - hl)},${f(liquidTop)} L${f(cx - hb)},${f(base)} A${f(hb)},${f(hb * 0.17)} 0 0 0 ${f(
    cx + hb,
  )},${f(base)} L${f(cx + hl)},${f(liquidTop)} A${f(hl)},${f(hl * 0.17)} 0 0 1 ${f(cx - hl)},${f(liquidTop)}Z`;
  let s = "";
  s += shadow(cx + rB * 0.25, bottom + ryB * 0.6, rB * 1.55, ryB * 2.2, 0.3);
  s += shadow(cx + rB * 0.5, bottom + ryB * 0.9, rB * 1.3, ryB * 1.6, 0.35, liquid[1]);
  s += `<defs>
${linear(
  liqG,
  [0, 0, 0, 1],
  liquid.map((c, i) => [i / (liquid.length - 1), c]),
)}
${linear(
  glassG,
  [0, 0, 1, 0],
  [
    [0, "#fff", 0.55],
    [0.18, "#fff", 0.12],
    [0.75, "#fff", 0.05],
    [0.92, "#fff", 0.3],
    [1, "#fff", 0.1],
  ],
)}
<clipPath id="${clipG}"><path d="${outline}"/></clipPath>
<clipPath id="${clipL}"><path d="${liquidPath}"/></clipPath>
</defs>`;
  // Glass back (shows the background a little lighter).
  s += `<path d="${outline}" fill="#fff" fill-opacity=".28"/>`;
  // Straw behind the liquid surface (inside part) – drawn first, liquid goes over it.
  const sx1 = cx + rB * 0.25;
  const sy1 = base - 20;
  const sx2 = cx + rT * 0.95;
  const sy2 = top - (bottom - top) * 0.2;
  const sw = f(Math.max(10, wTop * 0.08));
  const dash = ` stroke-dasharray="${f(sw * 0.85)} ${f(sw * 0.85)}"`;
  const strawLine = (w, color, dash = "") =>
    `<path d="M${f(sx1)},${f(sy1)} L${f(sx2)},${f(sy2)}" stroke="${color}" stroke-width="${w}"${
      dash ? `${dash} stroke-linecap="butt"` : ' stroke-linecap="round"'
    } fill="none"/>`;
  s += `<g clip-path="url(#${clipG})">`;
  s += `<path d="${liquidPath}" fill="url(#${liqG})"/>`;
  s += `<g opacity=".45">${strawLine(sw, straw[1])}${strawLine(sw, straw[0], dash)}</g>`;
  // Liquid surface.
  s += `<ellipse cx="${f(cx)}" cy="${f(liquidTop)}" rx="${f(hl)}" ry="${f(hl * 0.17)}" fill="${liquid[0]}"/>`;
  s += `<ellipse cx="${f(cx)}" cy="${f(liquidTop)}" rx="${f(hl)}" ry="${f(hl * 0.17)}" fill="#fff" opacity=".25"/>`;
  // Ice cubes.
  const cube = (x, y, size, rot, under) => {
    const op = under ? 0.28 : 0.55;
    return `<g transform="translate(${f(x)},${f(y)}) rotate(${f(rot)})"><rect x="${f(-size / 2)}" y="${f(
      -size / 2,
    )}" width="${f(size)}" height="${f(size)}" rx="${f(size * 0.18)}" fill="#fff" fill-opacity="${op}" stroke="#fff" stroke-opacity=".85" stroke-width="2.5"/><path d="M${f(
      -size * 0.3,
    )},${f(size * 0.1)} L${f(-size * 0.3)},${f(-size * 0.3)} L${f(size * 0.1)},${f(
      -size * 0.3,
    )}" stroke="#fff" stroke-width="4" stroke-linecap="round" stroke-linejoin="round" fill="none" opacity=".9"/><path d="M${f(size * 0.32)},${f(-size * 0.05)} L${f(size * 0.32)},${f(size * 0.32)} L${f(
      -size * 0.05,
    )},${f(size * 0.32)}" stroke="${C.ice}" stroke-width="3" stroke-linecap="round" stroke-linejoin="round" fill="none" opacity=".8"/></g>`;
  };
  const sz = wTop * 0.3;
  const cubes = [
    [cx - rT * 0.45, liquidTop + sz * 0.05, -14, false],
    [cx + rT * 0.25, liquidTop - sz * 0.1, 18, false],
    [cx - rT * 0.05, liquidTop + sz * 0.75, 30, true],
    [cx + rT * 0.45, liquidTop + sz * 1.1, -8, true],
    [cx - rT * 0.42, liquidTop + sz * 1.5, 12, true],
    [cx + rT * 0.05, liquidTop + sz * 2.2, -22, true],
  ];
  for (const [x, y, r, under] of cubes.reverse()) s += cube(x, y, sz * (0.9 + rand() * 0.2), r, under);
  // Bubbles inside the drink.
  let bubbles = "";
  for (let i = 0; i < 14; i++) {
    const y = liquidTop + sz * 1.2 + rand() * (base - liquidTop - sz * 1.4);
    const hw = half(y) - inset - 10;
    const x = cx + (rand() - 0.5) * 2 * hw;
    bubbles += `<circle cx="${f(x)}" cy="${f(y)}" r="${f(2 + rand() * 3.5)}" fill="none" stroke="#fff" stroke-opacity=".55" stroke-width="1.6"/>`;
  }
  s += `<g clip-path="url(#${clipL})">${bubbles}</g>`;
  // Condensation drops on the outside.
  for (let i = 0; i < 16; i++) {
    const y = liquidTop + 20 + rand() * (base - liquidTop - 40);
    const hw = half(y) - 14;
    const x = cx + (rand() - 0.5) * 2 * hw;
    const r = 2 + rand() * 3.5;
    s += `<ellipse cx="${f(x)}" cy="${f(y)}" rx="${f(r)}" ry="${f(r * 1.3)}" fill="#fff" opacity=".5"/><circle cx="${f(
      x - r * 0.3,
    )}" cy="${f(y - r * 0.4)}" r="${f(r * 0.35)}" fill="#fff" opacity=".8"/>`;
  }
  s += `</g>`;
  // Glass shine, walls and rim.
  s += `<path d="${outline}" fill="url(#${glassG})"/>`;
  s += `<path d="M${f(cx - rT * 0.72)},${f(top + 26)} L${f(cx - rB * 0.74)},${f(bottom - 30)}" stroke="#fff" stroke-opacity=".6" stroke-width="${f(
    wTop * 0.05,
  )}" stroke-linecap="round"/>`;
  s += `<path d="M${f(cx - rT * 0.52)},${f(top + 40)} L${f(cx - rT * 0.5)},${f(top + 70)}" stroke="#fff" stroke-opacity=".6" stroke-width="${f(
    wTop * 0.02,
  )}" stroke-linecap="round"/>`;
  // Thick glass base.
  s += `<path d="M${f(cx - half(base))},${f(base)} A${f(half(base))},${f(ryB)} 0 0 0 ${f(cx + half(base))},${f(
    base,
  )} L${f(cx + rB)},${f(bottom)} A${f(rB)},${f(ryB)} 0 0 1 ${f(cx - rB)},${f(bottom)}Z" fill="#fff" opacity=".35"/>`;
  s += `<path d="${outline}" fill="none" stroke="#fff" stroke-opacity=".8" stroke-width="3"/>`;
  s += `<ellipse cx="${f(cx)}" cy="${f(top)}" rx="${f(rT)}" ry="${f(ryT)}" fill="none" stroke="#fff" stroke-width="3.5"/>`;
  // Straw outside the glass.
  const outsideClip = uid("sc");
  s += `<defs><clipPath id="${outsideClip}"><path d="M${f(cx - rT * 2)},${f(top - 400)} H${f(cx + rT * 3)} V${f(
    top,
  )} A${f(rT)},${f(ryT)} 0 0 1 ${f(cx - rT * 2)},${f(top)}Z"/></clipPath></defs>`;
  s += `<g clip-path="url(#${outsideClip})">${strawLine(sw, straw[1])}${strawLine(
    sw,
    straw[0],
    dash,
  )}<path d="M${f(sx1 - 4)},${f(sy1)} L${f(sx2 - 4)},${f(sy2)}" stroke="#fff" stroke-opacity=".45" stroke-width="3" stroke-linecap="round"/></g>`;
  // Garnish.
  if (garnish === "lime") {
    const lx = cx - rT * 0.62;
    const ly = top + 4;
    const lr = wTop * 0.27;
    let seg = "";
    for (let i = 0; i < 8; i++) {
      const a = (i / 8) * Math.PI * 2;
      seg += `<path d="M${f(lx)},${f(ly)} L${f(lx + Math.cos(a) * lr * 0.78)},${f(ly + Math.sin(a) * lr * 0.78)}" />`;
    }
    s += `<g transform="rotate(-18 ${f(lx)} ${f(ly)})"><circle cx="${f(lx)}" cy="${f(ly)}" r="${f(lr)}" fill="${
      C.green
    }"/><circle cx="${f(lx)}" cy="${f(ly)}" r="${f(lr * 0.88)}" fill="#ECFCCB"/><circle cx="${f(lx)}" cy="${f(
      ly,
    )}" r="${f(lr * 0.8)}" fill="#BEF264"/><g stroke="#ECFCCB" stroke-width="${f(
      lr * 0.08,
    )}" stroke-linecap="round">${seg}</g><circle cx="${f(lx)}" cy="${f(ly)}" r="${f(lr * 0.1)}" fill="#ECFCCB"/></g>`;
    // Mint leaves.
    const mint = (x, y, a, sc) =>
      `<g transform="translate(${f(x)},${f(y)}) rotate(${a}) scale(${sc})"><path d="M0,0 C16,-8 22,-34 0,-52 C-22,-34 -16,-8 0,0Z" fill="${
        C.green
      }"/><path d="M0,-4 L0,-44" stroke="#BBF7D0" stroke-width="2.5" stroke-linecap="round"/><path d="M0,-18 L9,-28 M0,-30 L-8,-38" stroke="#BBF7D0" stroke-width="1.6" stroke-linecap="round"/></g>`;
    s += mint(cx + rT * 0.15, top - 2, 20, 1.1) + mint(cx - rT * 0.05, top + 2, -25, 0.95);
  }
  if (garnish === "lemon") {
    const lx = cx + rT * 0.7;
    const ly = top + 2;
    const lr = wTop * 0.22;
    s += `<g transform="rotate(20 ${f(lx)} ${f(ly)})"><path d="M${f(lx - lr)},${f(ly)} A${f(lr)},${f(lr)} 0 0 0 ${f(
      lx + lr,
    )},${f(ly)}Z" fill="#FACC15"/><path d="M${f(lx - lr * 0.85)},${f(ly)} A${f(lr * 0.85)},${f(
      lr * 0.85,
    )} 0 0 0 ${f(lx + lr * 0.85)},${f(ly)}Z" fill="#FEF9C3"/><path d="M${f(lx - lr * 0.75)},${f(ly + 2)} A${f(
      lr * 0.75,
    )},${f(lr * 0.75)} 0 0 0 ${f(lx + lr * 0.75)},${f(ly + 2)}Z" fill="#FDE047"/></g>`;
  }
  return s;
}
