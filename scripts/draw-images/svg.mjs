// Small SVG helpers shared by every drawing: ids, rounding, seeded randomness, gradients, shadows.
import { palette } from "./palette.mjs";

// One counter for the whole run keeps gradient and clip ids unique when drawings share a document
// (two bowls and a glass in one promo, each with its own gradients).
let lastId = 0;
export const uniqueId = (prefix) => `${prefix}${++lastId}`;

/** Rounds to one decimal: a tenth of a pixel is plenty, and the SVG text stays short. */
export const round1 = (value) => Math.round(value * 10) / 10;

/** Deterministic random numbers (mulberry32), so every run draws the same pictures. */
export function seededRandom(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A smooth path through points (Catmull-Rom converted to cubic Béziers). */
export function smoothPath(points, closed = false) {
  const count = points.length;
  const at = (i) => (closed ? points[(i + count) % count] : points[Math.max(0, Math.min(count - 1, i))]);
  let path = `M${round1(points[0][0])},${round1(points[0][1])}`;
  const segments = closed ? count : count - 1;
  for (let i = 0; i < segments; i++) {
    const [before, from, to, after] = [at(i - 1), at(i), at(i + 1), at(i + 2)];
    const control1 = [from[0] + (to[0] - before[0]) / 6, from[1] + (to[1] - before[1]) / 6];
    const control2 = [to[0] - (after[0] - from[0]) / 6, to[1] - (after[1] - from[1]) / 6];
    path += ` C${round1(control1[0])},${round1(control1[1])} ${round1(control2[0])},${round1(control2[1])} ${round1(to[0])},${round1(to[1])}`;
  }
  return closed ? `${path}Z` : path;
}

/** stops: [offset, colour, opacity = 1][] */
const gradientStops = (stops) =>
  stops
    .map(
      ([offset, color, opacity = 1]) =>
        `<stop offset="${offset}" stop-color="${color}"${opacity === 1 ? "" : ` stop-opacity="${opacity}"`}/>`,
    )
    .join("");

/** userSpace: the coordinates are the drawing's own, not fractions of the filled shape. */
export const linearGradient = (id, [x1, y1, x2, y2], stops, userSpace = false) =>
  `<linearGradient id="${id}" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}"${
    userSpace ? ' gradientUnits="userSpaceOnUse"' : ""
  }>${gradientStops(stops)}</linearGradient>`;

export const radialGradient = (id, [cx, cy, r, fx = cx, fy = cy], stops) =>
  `<radialGradient id="${id}" cx="${cx}" cy="${cy}" r="${r}" fx="${fx}" fy="${fy}">${gradientStops(stops)}</radialGradient>`;

export const svgDocument = (width, height, body) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${body}</svg>`;

/** A soft elliptical shadow made with a radial gradient (cheaper and cleaner than a blur). */
export function softShadow(cx, cy, rx, ry, opacity = 0.3, color = palette.charcoal) {
  const id = uniqueId("sh");
  return `<defs>${radialGradient(
    id,
    [0.5, 0.5, 0.5],
    [
      [0, color, opacity],
      [0.6, color, opacity * 0.55],
      [1, color, 0],
    ],
  )}</defs><ellipse cx="${round1(cx)}" cy="${round1(cy)}" rx="${round1(rx)}" ry="${round1(ry)}" fill="url(#${id})"/>`;
}

/** A four-point sparkle centred on (x, y), reaching `size` px each way. */
export const sparkle = (x, y, size, color, opacity = 1) =>
  `<path d="M${round1(x)},${round1(y - size)} Q${round1(x)},${round1(y)} ${round1(x + size)},${round1(y)} Q${round1(x)},${round1(y)} ${round1(x)},${round1(y + size)} Q${round1(x)},${round1(y)} ${round1(x - size)},${round1(y)} Q${round1(x)},${round1(y)} ${round1(x)},${round1(y - size)}Z" fill="${color}" opacity="${opacity}"/>`;
