import { C } from "./palette.mjs";
import { uid, f, rng, linear, radial, sparkle } from "./svg.mjs";

export function decorDots(rand, w, h, color, count, avoid) {
  let s = "";
  for (let i = 0; i < count; i++) {
    const x = rand() * w;
    const y = rand() * h;
    if (avoid && (x - avoid[0]) ** 2 + (y - avoid[1]) ** 2 < avoid[2] ** 2) continue;
    s += `<circle cx="${f(x)}" cy="${f(y)}" r="${f(2 + rand() * 4)}" fill="${color}"/>`;
  }
  return s;
}

/** Square-ish menu backdrop: warm gradient, a big disc behind the food, a few sparkles. */
export function menuBackdrop(
  w,
  h,
  { bg, disc, ring, dots, seed = 5, dcx = w / 2, dcy = h / 2 + 10, dr = 190 },
) {
  const rand = rng(seed);
  const [bgG, discG] = ["mb", "md"].map(uid);
  let s = `<defs>${linear(
    bgG,
    [0, 0, 1, 1],
    [
      [0, bg[0]],
      [1, bg[1]],
    ],
  )}${radial(
    discG,
    [0.42, 0.38, 0.7],
    [
      [0, disc[0]],
      [1, disc[1]],
    ],
  )}</defs>`;
  s += `<rect width="${w}" height="${h}" fill="url(#${bgG})"/>`;
  s += `<circle cx="${f(dcx)}" cy="${f(dcy)}" r="${f(dr + 22)}" fill="none" stroke="${ring}" stroke-width="3" stroke-dasharray="2 14" stroke-linecap="round"/>`;
  s += `<circle cx="${f(dcx)}" cy="${f(dcy)}" r="${f(dr)}" fill="url(#${discG})"/>`;
  s += decorDots(rand, w, h, dots, 16, [dcx, dcy, dr + 40]);
  s += sparkle(w * 0.1, h * 0.16, 14, ring, 0.9) + sparkle(w * 0.9, h * 0.84, 12, ring, 0.9);
  s += sparkle(w * 0.88, h * 0.14, 8, ring, 0.7) + sparkle(w * 0.08, h * 0.82, 8, ring, 0.7);
  return s;
}

/** Wide slide backdrop: calm dark gradient on the left, glowing stage on the right. */
export function slideBackdrop(w, h, { left, right, glow, seed = 9, gx = 860, gy = 300 }) {
  const rand = rng(seed);
  const [bgG, glowG, fadeG] = ["sb", "sg", "sf"].map(uid);
  let s = `<defs>${linear(
    bgG,
    [0, 0, 1, 0],
    [
      [0, left[0]],
      [0.45, left[1]],
      [1, right],
    ],
  )}${radial(
    glowG,
    [0.5, 0.5, 0.5],
    [
      [0, glow, 0.95],
      [0.55, glow, 0.45],
      [1, glow, 0],
    ],
  )}${linear(
    fadeG,
    [0, 0, 1, 0],
    [
      [0, left[0], 0.9],
      [0.4, left[0], 0.55],
      [0.6, left[0], 0],
    ],
  )}</defs>`;
  s += `<rect width="${w}" height="${h}" fill="url(#${bgG})"/>`;
  s += `<circle cx="${gx}" cy="${gy}" r="${h * 0.62}" fill="url(#${glowG})"/>`;
  s += `<circle cx="${gx}" cy="${gy}" r="${h * 0.43}" fill="none" stroke="#fff" stroke-opacity=".12" stroke-width="2" stroke-dasharray="2 14" stroke-linecap="round"/>`;
  let dots = "";
  for (let i = 0; i < 14; i++) {
    const x = w * 0.58 + rand() * w * 0.42;
    const y = rand() * h;
    if ((x - gx) ** 2 + (y - gy) ** 2 < (h * 0.48) ** 2) continue;
    dots += `<circle cx="${f(x)}" cy="${f(y)}" r="${f(2 + rand() * 3.5)}" fill="#fff" opacity=".25"/>`;
  }
  s += dots;
  s += sparkle(w * 0.95, h * 0.12, 12, "#FDE68A", 0.8) + sparkle(w * 0.6, h * 0.88, 9, "#FDE68A", 0.6);
  return { back: s, front: `<rect width="${w}" height="${h}" fill="url(#${fadeG})"/>` };
}

export function heroScene(w, h, { cx, cy, R, rays = true }) {
  let s = "";
  const [bgG, glowG] = ["hb", "hg"].map(uid);
  s += `<defs>${linear(
    bgG,
    [0, 0, 1, 1],
    [
      [0, C.ember],
      [0.5, C.red],
      [1, C.deep],
    ],
  )}${radial(
    glowG,
    [0.5, 0.5, 0.5],
    [
      [0, "#FDE68A", 0.95],
      [0.5, C.saffron, 0.6],
      [1, C.saffron, 0],
    ],
  )}</defs>`;
  s += `<rect width="${w}" height="${h}" fill="url(#${bgG})"/>`;
  if (rays) {
    let r = "";
    const n = 18;
    const L = Math.max(w, h) * 1.2;
    for (let i = 0; i < n; i++) {
      const a1 = (i / n) * Math.PI * 2;
      const a2 = a1 + Math.PI / n;
      r += `<path d="M${cx},${cy} L${f(cx + Math.cos(a1) * L)},${f(cy + Math.sin(a1) * L)} L${f(cx + Math.cos(a2) * L)},${f(
        cy + Math.sin(a2) * L,
      )}Z"/>`;
    }
    s += `<g fill="#fff" opacity=".07">${r}</g>`;
  }
  s += `<circle cx="${cx}" cy="${cy}" r="${f(R * 1.55)}" fill="url(#${glowG})"/>`;
  return s;
}
