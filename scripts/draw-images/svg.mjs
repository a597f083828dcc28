import { C } from "./palette.mjs";

let idCounter = 0;
export const uid = (p) => `${p}${++idCounter}`;
export const f = (n) => Math.round(n * 10) / 10;

/** Deterministic random numbers (mulberry32), so every run draws the same pictures. */
export function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A smooth path through points (Catmull-Rom converted to cubic Béziers). */
export function smooth(pts, closed = false) {
  const n = pts.length;
  const at = (i) => (closed ? pts[(i + n) % n] : pts[Math.max(0, Math.min(n - 1, i))]);
  let d = `M${f(pts[0][0])},${f(pts[0][1])}`;
  const segments = closed ? n : n - 1;
  for (let i = 0; i < segments; i++) {
    const [p0, p1, p2, p3] = [at(i - 1), at(i), at(i + 1), at(i + 2)];
    const c1 = [p1[0] + (p2[0] - p0[0]) / 6, p1[1] + (p2[1] - p0[1]) / 6];
    const c2 = [p2[0] - (p3[0] - p1[0]) / 6, p2[1] - (p3[1] - p1[1]) / 6];
    d += ` C${f(c1[0])},${f(c1[1])} ${f(c2[0])},${f(c2[1])} ${f(p2[0])},${f(p2[1])}`;
  }
  return closed ? `${d}Z` : d;
}

export const stops = (list) =>
  list
    .map(
      ([o, c, op = 1]) => `<stop offset="${o}" stop-color="${c}"${op === 1 ? "" : ` stop-opacity="${op}"`}/>`,
    )
    .join("");
export const linear = (id, [x1, y1, x2, y2], list, user = false) =>
  `<linearGradient id="${id}" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}"${
    user ? ' gradientUnits="userSpaceOnUse"' : ""
  }>${stops(list)}</linearGradient>`;
export const radial = (id, [cx, cy, r, fx = cx, fy = cy], list) =>
  `<radialGradient id="${id}" cx="${cx}" cy="${cy}" r="${r}" fx="${fx}" fy="${fy}">${stops(list)}</radialGradient>`;

export const svgDoc = (w, h, body) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">${body}</svg>`;

/** A soft elliptical shadow made with a radial gradient (cheaper and cleaner than a blur). */
export function shadow(cx, cy, rx, ry, opacity = 0.3, color = C.charcoal) {
  const id = uid("sh");
  return `<defs>${radial(
    id,
    [0.5, 0.5, 0.5],
    [
      [0, color, opacity],
      [0.6, color, opacity * 0.55],
      [1, color, 0],
    ],
  )}</defs><ellipse cx="${f(cx)}" cy="${f(cy)}" rx="${f(rx)}" ry="${f(ry)}" fill="url(#${id})"/>`;
}

/** A four-point sparkle. */
export const sparkle = (x, y, s, color, op = 1) =>
  `<path d="M${f(x)},${f(y - s)} Q${f(x)},${f(y)} ${f(x + s)},${f(y)} Q${f(x)},${f(y)} ${f(x)},${f(y + s)} Q${f(x)},${f(y)} ${f(x - s)},${f(y)} Q${f(x)},${f(y)} ${f(x)},${f(y - s)}Z" fill="${color}" opacity="${op}"/>`;
