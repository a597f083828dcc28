// Draws every Mie Nyala illustration in code (hand-written SVG) and converts it with sharp.
// Run with: node scripts/draw-images.mjs   (Node 24: `. scripts/node24.sh` first)
// Writes public/images/**, public/favicon.{svg,ico}, public/apple-touch-icon.png, public/og-image.jpg.
import { mkdir, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";
import { SMALLER_WIDTHS, smallerCopy } from "../app/features/media/images.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const pub = (p) => path.join(root, "public", p);

// ---------------------------------------------------------------------------------------------
// Palette and small helpers
// ---------------------------------------------------------------------------------------------
const C = {
  red: "#D7261E",
  deep: "#9F1239",
  ember: "#F97316",
  saffron: "#F59E0B",
  cream: "#FFF7ED",
  charcoal: "#1C1917",
  green: "#16A34A",
  tea: "#B45309",
  ice: "#BAE6FD",
};
const FONT = "DejaVu Sans, Liberation Sans, sans-serif";

let idCounter = 0;
const uid = (p) => `${p}${++idCounter}`;
const f = (n) => Math.round(n * 10) / 10;

/** Deterministic random numbers (mulberry32), so every run draws the same pictures. */
function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A smooth path through points (Catmull-Rom converted to cubic Béziers). */
function smooth(pts, closed = false) {
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

const stops = (list) =>
  list
    .map(
      ([o, c, op = 1]) => `<stop offset="${o}" stop-color="${c}"${op === 1 ? "" : ` stop-opacity="${op}"`}/>`,
    )
    .join("");
const linear = (id, [x1, y1, x2, y2], list, user = false) =>
  `<linearGradient id="${id}" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}"${
    user ? ' gradientUnits="userSpaceOnUse"' : ""
  }>${stops(list)}</linearGradient>`;
const radial = (id, [cx, cy, r, fx = cx, fy = cy], list) =>
  `<radialGradient id="${id}" cx="${cx}" cy="${cy}" r="${r}" fx="${fx}" fy="${fy}">${stops(list)}</radialGradient>`;

const svgDoc = (w, h, body) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">${body}</svg>`;

/** A soft elliptical shadow made with a radial gradient (cheaper and cleaner than a blur). */
function shadow(cx, cy, rx, ry, opacity = 0.3, color = C.charcoal) {
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
const sparkle = (x, y, s, color, op = 1) =>
  `<path d="M${f(x)},${f(y - s)} Q${f(x)},${f(y)} ${f(x + s)},${f(y)} Q${f(x)},${f(y)} ${f(x)},${f(y + s)} Q${f(x)},${f(y)} ${f(x - s)},${f(y)} Q${f(x)},${f(y)} ${f(x)},${f(y - s)}Z" fill="${color}" opacity="${op}"/>`;

// ---------------------------------------------------------------------------------------------
// Ingredients
// ---------------------------------------------------------------------------------------------

/** A red chili. Local drawing is ~140 px long pointing right; (x, y) is the stem end. */
function chili(x, y, rot = 0, s = 1, tone = "red") {
  const id = uid("ch");
  const [light, mid, dark] = tone === "green" ? ["#4ADE80", C.green, "#166534"] : ["#F05A4A", C.red, C.deep];
  return `<g transform="translate(${f(x)},${f(y)}) rotate(${f(rot)}) scale(${s})">
<defs>${linear(
    id,
    [0, 0, 0, 1],
    [
      [0, light],
      [0.45, mid],
      [1, dark],
    ],
  )}</defs>
<path d="M8,-15 C52,-22 100,-12 124,18 C130,26 134,34 132,38 C116,20 84,12 48,13 C30,14 16,14 8,11 C-2,7 -2,-11 8,-15Z" fill="url(#${id})"/>
<path d="M20,-9 C54,-14 92,-6 112,12" fill="none" stroke="#fff" stroke-opacity=".55" stroke-width="4.5" stroke-linecap="round"/>
<path d="M10,-17 C-1,-19 -8,-9 -6,-1 C-8,8 -1,16 10,13 C5,5 5,-9 10,-17Z" fill="${C.green}"/>
<path d="M-4,-2 C-14,-3 -22,-10 -25,-21" fill="none" stroke="#15803D" stroke-width="6" stroke-linecap="round"/>
</g>`;
}

/** A flame; (x, y) is its base, height ~104 px at s = 1. */
function flame(x, y, s = 1, rot = 0) {
  const id = uid("fl");
  return `<g transform="translate(${f(x)},${f(y)}) rotate(${f(rot)}) scale(${s})">
<defs>${linear(
    id,
    [0, 1, 0, 0],
    [
      [0, C.red],
      [0.55, C.ember],
      [1, C.saffron],
    ],
  )}</defs>
<path d="M0,0 C-30,-4 -38,-40 -18,-66 C-16,-50 -8,-46 -4,-46 C-10,-68 2,-92 22,-104 C16,-82 38,-66 36,-36 C35,-12 20,0 0,0Z" fill="url(#${id})"/>
<path d="M2,-7 C-13,-8 -16,-27 -5,-40 C-3,-31 3,-29 6,-29 C4,-43 10,-54 18,-60 C16,-46 26,-37 24,-24 C23,-13 14,-7 2,-7Z" fill="#FDE68A" opacity=".9"/>
</g>`;
}

/** Soft translucent steam curves rising from y0. */
function steam(xs, y0, height, width, opacity = 0.75) {
  const id = uid("st");
  const paths = xs
    .map((x, i) => {
      const dir = i % 2 === 0 ? 1 : -1;
      const h = height * (0.85 + 0.15 * ((i * 7) % 3));
      return `<path d="M${f(x)},${f(y0)} C${f(x - dir * width * 2.2)},${f(y0 - h * 0.25)} ${f(
        x + dir * width * 2.2,
      )},${f(y0 - h * 0.42)} ${f(x)},${f(y0 - h * 0.6)} S${f(x - dir * width * 1.4)},${f(y0 - h * 0.9)} ${f(
        x + dir * width * 0.6,
      )},${f(y0 - h)}"/>`;
    })
    .join("");
  return `<defs>${linear(
    id,
    [0, y0, 0, y0 - height],
    [
      [0, "#fff", 0],
      [0.3, "#fff", opacity],
      [0.7, "#fff", opacity * 0.6],
      [1, "#fff", 0],
    ],
    true,
  )}</defs><g fill="none" stroke="url(#${id})" stroke-width="${f(width)}" stroke-linecap="round">${paths}</g>`;
}

/** One noodle drawn as three strokes: dark edge, body, highlight. */
function noodleStroke(d, w, body) {
  return `<path d="${d}" stroke="#B86E14" stroke-width="${f(w + 2.6)}"/><path d="${d}" stroke="${body}" stroke-width="${f(
    w,
  )}"/><path d="${d}" stroke="#FFF4C2" stroke-opacity=".75" stroke-width="${f(w * 0.3)}" transform="translate(-0.8,-1)"/>`;
}

/** A tangle of long, slightly curly noodles inside an ellipse. */
function noodlePile(rand, cx, cy, rx, ry, count, w) {
  const bodies = ["#F9CF5A", "#F5C043", "#FBD872", "#F2B93A"];
  const squash = 0.6;
  let out = "";
  for (let i = 0; i < count; i++) {
    const a = rand() * Math.PI * 2;
    const rr = Math.sqrt(rand()) * 0.8;
    let x = cx + Math.cos(a) * rx * rr;
    let y = cy + Math.sin(a) * ry * rr;
    let heading = rand() * Math.PI * 2;
    const phase = rand() * 6;
    const n = 11 + Math.floor(rand() * 6);
    const step = rx * 0.085;
    const pts = [];
    for (let j = 0; j < n; j++) {
      heading += (rand() - 0.5) * 0.8;
      let nx = x + Math.cos(heading) * step;
      let ny = y + Math.sin(heading) * step * squash;
      if (((nx - cx) / rx) ** 2 + ((ny - cy) / ry) ** 2 > 0.88) {
        heading = Math.atan2((cy - y) / squash, cx - x) + (rand() - 0.5) * 1.2;
        nx = x + Math.cos(heading) * step;
        ny = y + Math.sin(heading) * step * squash;
      }
      x = nx;
      y = ny;
      const wig = Math.sin(j * 1.7 + phase) * w * 0.8;
      pts.push([x - Math.sin(heading) * wig, y + Math.cos(heading) * wig * squash]);
    }
    out += noodleStroke(smooth(pts), w, bodies[i % bodies.length]);
  }
  return `<g fill="none" stroke-linecap="round" stroke-linejoin="round">${out}</g>`;
}

/** Toppings of a mie ayam bowl laid on an ellipse (bx, by, brx, bry). */
function toppings(rand, bx, by, brx, bry, level, R) {
  let out = "";
  // Bok choy leaves on the left.
  const leafId = uid("lf");
  out += `<defs>${linear(
    leafId,
    [0, 0, 0, 1],
    [
      [0, "#4ADE80"],
      [0.5, C.green],
      [1, "#166534"],
    ],
  )}</defs>`;
  const leaves = [
    [bx - brx * 0.55, by + bry * 0.05, -70, 1],
    [bx - brx * 0.5, by - bry * 0.25, -105, 0.9],
    [bx - brx * 0.36, by + bry * 0.3, -40, 0.85],
  ];
  for (const [x, y, a, s] of leaves) {
    const L = R * 0.42 * s;
    const W = R * 0.22 * s;
    out += `<g transform="translate(${f(x)},${f(y)}) scale(1,0.72) rotate(${a})">
<path d="M0,0 C${f(W * 0.75)},${f(-L * 0.15)} ${f(W * 0.8)},${f(-L * 0.85)} 0,${f(-L)} C${f(-W * 0.8)},${f(
      -L * 0.85,
    )} ${f(-W * 0.75)},${f(-L * 0.15)} 0,0Z" fill="url(#${leafId})"/>
<path d="M0,${f(L * 0.05)} L0,${f(-L * 0.8)}" stroke="#D9F99D" stroke-width="${f(W * 0.2)}" stroke-linecap="round"/>
<path d="M0,${f(-L * 0.35)} L${f(W * 0.4)},${f(-L * 0.55)} M0,${f(-L * 0.55)} L${f(-W * 0.4)},${f(
      -L * 0.72,
    )}" stroke="#BBF7D0" stroke-opacity=".7" stroke-width="${f(W * 0.06)}" stroke-linecap="round"/></g>`;
  }
  // Diced soy-braised chicken on the right: little rounded cubes.
  const chunk = (x, y, sz) => {
    const rot = rand() * Math.PI;
    const top = [0, 1, 2, 3].map((i) => {
      const t = rot + (i * Math.PI) / 2;
      return [x + Math.cos(t) * sz * 0.62, y + Math.sin(t) * sz * 0.62 * 0.6];
    });
    const poly = (pts) => `M${pts.map(([px, py]) => `${f(px)},${f(py)}`).join(" L")}Z`;
    let c = "";
    for (let k = 4; k >= 1; k--) {
      const dy = (sz * 0.42 * k) / 4;
      c += `<path d="${poly(top.map(([px, py]) => [px, py + dy]))}" fill="#6B2A0E" stroke="#6B2A0E" stroke-width="${f(
        sz * 0.3,
      )}" stroke-linejoin="round"/>`;
    }
    c += `<path d="${poly(top)}" fill="#A8521A" stroke="#A8521A" stroke-width="${f(sz * 0.3)}" stroke-linejoin="round"/>`;
    c += `<path d="${poly(top.map(([px, py]) => [x + (px - x) * 0.5 - sz * 0.08, y + (py - y) * 0.5 - sz * 0.06]))}" fill="#CF7A2E" stroke="#CF7A2E" stroke-width="${f(
      sz * 0.15,
    )}" stroke-linejoin="round"/>`;
    return c;
  };
  const chunks = [
    [0.32, -0.42],
    [0.5, -0.3],
    [0.66, -0.1],
    [0.42, -0.08],
    [0.58, 0.14],
    [0.25, -0.2],
    [0.72, -0.36],
  ];
  chunks.sort((p, q) => p[1] - q[1]);
  for (const [dx, dy] of chunks) out += chunk(bx + brx * dx, by + bry * dy, R * (0.08 + rand() * 0.02));
  // Half a boiled egg in front.
  const ex = bx + brx * 0.12;
  const ey = by + bry * 0.46;
  const e = R * 0.17;
  const yolk = uid("yk");
  out += `<defs>${radial(
    yolk,
    [0.45, 0.4, 0.6],
    [
      [0, "#FDE68A"],
      [0.45, "#FBBF24"],
      [1, "#EA8A0B"],
    ],
  )}</defs>
<ellipse cx="${f(ex)}" cy="${f(ey + e * 0.14)}" rx="${f(e)}" ry="${f(e * 0.62)}" fill="#E9DCCB"/>
<ellipse cx="${f(ex)}" cy="${f(ey)}" rx="${f(e)}" ry="${f(e * 0.6)}" fill="#FFFDF7"/>
<ellipse cx="${f(ex + e * 0.05)}" cy="${f(ey + e * 0.02)}" rx="${f(e * 0.52)}" ry="${f(e * 0.34)}" fill="url(#${yolk})"/>
<ellipse cx="${f(ex - e * 0.12)}" cy="${f(ey - e * 0.08)}" rx="${f(e * 0.14)}" ry="${f(e * 0.07)}" fill="#fff" opacity=".7"/>`;
  // Chili slices (more when hotter).
  const slices = [0, 2, 5, 8][level];
  for (let i = 0; i < slices; i++) {
    const x = bx + (rand() - 0.5) * brx * 1.3;
    const y = by + (rand() - 0.5) * bry * 1.1;
    const s = R * (0.04 + rand() * 0.015);
    out += `<ellipse cx="${f(x)}" cy="${f(y)}" rx="${f(s)}" ry="${f(s * 0.62)}" fill="#FDE7C2" stroke="${
      C.red
    }" stroke-width="${f(s * 0.42)}"/><circle cx="${f(x + s * 0.2)}" cy="${f(y)}" r="${f(s * 0.14)}" fill="#F59E0B"/>`;
  }
  // Scallion rings.
  const greens = ["#16A34A", "#22C55E", "#15803D"];
  for (let i = 0; i < 16; i++) {
    const a = rand() * Math.PI * 2;
    const r = Math.sqrt(rand()) * 0.8;
    const x = bx + Math.cos(a) * brx * r;
    const y = by + Math.sin(a) * bry * r;
    const s = R * (0.022 + rand() * 0.012);
    out += `<ellipse cx="${f(x)}" cy="${f(y)}" rx="${f(s)}" ry="${f(s * 0.62)}" fill="#D9F99D" stroke="${
      greens[i % 3]
    }" stroke-width="${f(s * 0.5)}"/>`;
  }
  // Fried shallots and chili flakes.
  const flakes = [6, 8, 22, 44][level];
  for (let i = 0; i < flakes; i++) {
    const a = rand() * Math.PI * 2;
    const r = Math.sqrt(rand()) * 0.9;
    const x = bx + Math.cos(a) * brx * r;
    const y = by + Math.sin(a) * bry * r;
    const s = R * (0.008 + rand() * 0.01);
    out += `<ellipse cx="${f(x)}" cy="${f(y)}" rx="${f(s * 1.4)}" ry="${f(s)}" transform="rotate(${f(rand() * 180)} ${f(
      x,
    )} ${f(y)})" fill="${i % 3 === 0 ? "#92400E" : "#B91C1C"}"/>`;
  }
  return out;
}

const HEAT = {
  1: { broth: ["#FDBA8C", "#F68452", "#E35B32"], oil: "#FDBA74", circle: C.saffron },
  2: { broth: ["#F97857", "#DE3A23", "#B4201A"], oil: "#FB923C", circle: C.ember },
  3: { broth: ["#E4362B", "#B0132F", "#74091F"], oil: "#F97316", circle: C.red },
};

/**
 * A bowl of mie in 3/4 view. (cx, cy) is the centre of the rim ellipse, R its half width.
 * lift: chopsticks lifting a bundle of noodles (hero image).
 */
function bowl({ cx, cy, R, level = 1, seed = 7, steamOn = true, lift = false, steamOpacity = 0.75 }) {
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

/** A tall glass drink in 3/4 view. */
function glass({
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

/** One crispy fried wonton (a folded wrapper with frilly edges) seen at a slight angle; a ~ radius. */
function wonton(rand, x, y, a, rot = 0) {
  const pts = [];
  const phase = (rot * Math.PI) / 180;
  const wob = rand() * 10;
  const N = 90;
  for (let i = 0; i < N; i++) {
    const t = (i / N) * Math.PI * 2;
    const lobes = 0.84 + 0.16 * Math.cos(3 * (t - phase));
    const frill = 1 + 0.045 * Math.sin(22 * t + wob) + 0.03 * Math.sin(9 * t + wob * 2);
    const r = a * lobes * frill;
    pts.push([x + Math.cos(t) * r, y + Math.sin(t) * r * 0.68]);
  }
  const [wingG, bumpG] = ["wg", "wb"].map(uid);
  let s = `<defs>${radial(
    wingG,
    [0.5, 0.42, 0.58],
    [
      [0, "#FCD176"],
      [0.45, "#F6B143"],
      [0.8, "#E38B22"],
      [1, "#B45309"],
    ],
  )}${radial(
    bumpG,
    [0.42, 0.35, 0.68],
    [
      [0, "#FDE2A0"],
      [0.5, "#F7BA52"],
      [1, "#D98220"],
    ],
  )}</defs>`;
  const d = smooth(pts, true);
  s += `<path d="${d}" fill="#7C2D12" transform="translate(0,${f(a * 0.09)})" opacity=".45"/>`;
  s += `<path d="${d}" fill="url(#${wingG})" stroke="#A4470F" stroke-opacity=".7" stroke-width="${f(a * 0.025)}"/>`;
  // Crisp blisters on the wrapper.
  for (let i = 0; i < 16; i++) {
    const t = rand() * Math.PI * 2;
    const r = a * (0.42 + rand() * 0.4);
    const light = i % 3 !== 0;
    s += `<ellipse cx="${f(x + Math.cos(t) * r)}" cy="${f(y + Math.sin(t) * r * 0.66)}" rx="${f(
      a * (0.03 + rand() * 0.03),
    )}" ry="${f(a * 0.025)}" fill="${light ? "#FDE3A7" : "#C2560C"}" opacity="${light ? 0.8 : 0.55}"/>`;
  }
  // Folds of the wrapper running to the corners.
  for (let i = 0; i < 3; i++) {
    const t = phase + (i * 2 * Math.PI) / 3;
    const x1 = x + Math.cos(t) * a * 0.3;
    const y1 = y - a * 0.06 + Math.sin(t) * a * 0.2;
    const x2 = x + Math.cos(t + 0.18) * a * 0.8;
    const y2 = y + Math.sin(t + 0.18) * a * 0.54;
    s += `<path d="M${f(x1)},${f(y1)} Q${f((x1 + x2) / 2 + a * 0.06)},${f((y1 + y2) / 2 - a * 0.04)} ${f(x2)},${f(
      y2,
    )}" stroke="#B45309" stroke-opacity=".6" stroke-width="${f(a * 0.03)}" fill="none" stroke-linecap="round"/>`;
  }
  // The plump filled centre, a bit crumpled.
  const bump = [];
  for (let i = 0; i < 9; i++) {
    const t = (i / 9) * Math.PI * 2;
    const r = a * 0.36 * (0.9 + rand() * 0.2);
    bump.push([x + Math.cos(t) * r, y - a * 0.1 + Math.sin(t) * r * 0.72]);
  }
  const bd = smooth(bump, true);
  s += `<path d="${bd}" fill="#A4470F" opacity=".45" transform="translate(${f(a * 0.03)},${f(a * 0.07)})"/>`;
  s += `<path d="${bd}" fill="url(#${bumpG})"/>`;
  s += `<path d="M${f(x - a * 0.2)},${f(y - a * 0.24)} Q${f(x - a * 0.04)},${f(y - a * 0.32)} ${f(x + a * 0.12)},${f(
    y - a * 0.27,
  )}" stroke="#FFF3D1" stroke-opacity=".8" stroke-width="${f(a * 0.045)}" fill="none" stroke-linecap="round"/>`;
  return s;
}

/** White plate with fried wontons, lettuce, cucumber and a chili dip. */
function wontonPlate({ cx, cy, P, seed = 11 }) {
  const rand = rng(seed);
  const k = 0.5;
  const [plateG, rimG, sauceG] = ["pg", "pr", "sg"].map(uid);
  let s = shadow(cx + P * 0.05, cy + P * k * 0.4, P * 1.12, P * k * 1.0, 0.35);
  s += `<defs>${radial(
    plateG,
    [0.5, 0.4, 0.7],
    [
      [0, "#FFFFFF"],
      [0.7, "#FBF5EE"],
      [1, "#EADCCD"],
    ],
  )}${linear(
    rimG,
    [0, 0, 1, 1],
    [
      [0, "#FFFFFF"],
      [0.6, "#FAF3EA"],
      [1, "#E3D2C0"],
    ],
  )}${radial(
    sauceG,
    [0.4, 0.35, 0.7],
    [
      [0, "#F87171"],
      [0.6, C.red],
      [1, "#7F1D1D"],
    ],
  )}</defs>`;
  s += `<ellipse cx="${f(cx)}" cy="${f(cy + P * 0.05)}" rx="${f(P * 0.98)}" ry="${f(P * k * 0.98)}" fill="#D6C3AF"/>`;
  s += `<ellipse cx="${f(cx)}" cy="${f(cy)}" rx="${f(P)}" ry="${f(P * k)}" fill="url(#${rimG})"/>`;
  s += `<ellipse cx="${f(cx)}" cy="${f(cy)}" rx="${f(P * 0.93)}" ry="${f(P * k * 0.93)}" fill="none" stroke="${
    C.red
  }" stroke-width="${f(P * 0.018)}"/>`;
  s += `<ellipse cx="${f(cx)}" cy="${f(cy + P * 0.02)}" rx="${f(P * 0.78)}" ry="${f(P * k * 0.78)}" fill="url(#${plateG})"/>`;
  s += `<path d="M${f(cx - P * 0.78)},${f(cy + P * 0.02)} A${f(P * 0.78)},${f(P * k * 0.78)} 0 0 1 ${f(
    cx + P * 0.78,
  )},${f(cy + P * 0.02)}" stroke="#CDB8A3" stroke-opacity=".6" stroke-width="${f(P * 0.012)}" fill="none"/>`;
  // Lettuce.
  const lettuce = (x, y, r, rot) => {
    const pts = [];
    for (let i = 0; i < 48; i++) {
      const t = (i / 48) * Math.PI * 2;
      const rr = r * (0.86 + 0.14 * Math.sin(11 * t + rot)) * (1 + 0.25 * Math.cos(t - rot));
      pts.push([x + Math.cos(t) * rr, y + Math.sin(t) * rr * 0.55]);
    }
    return `<path d="${smooth(pts, true)}" fill="#4ADE80"/><path d="${smooth(
      pts.map(([px, py]) => [x + (px - x) * 0.72, y + (py - y) * 0.72]),
      true,
    )}" fill="${C.green}" opacity=".55"/><path d="M${f(x - r * 0.6)},${f(y + r * 0.1)} Q${f(x)},${f(y - r * 0.15)} ${f(
      x + r * 0.7,
    )},${f(y)}" stroke="#D9F99D" stroke-width="${f(r * 0.06)}" fill="none" stroke-linecap="round"/>`;
  };
  s += lettuce(cx - P * 0.4, cy - P * 0.1, P * 0.3, 0.5) + lettuce(cx + P * 0.12, cy - P * 0.18, P * 0.3, 2);
  // Cucumber slices.
  const cucumber = (x, y, r) =>
    `<ellipse cx="${f(x)}" cy="${f(y + r * 0.12)}" rx="${f(r)}" ry="${f(r * 0.55)}" fill="#166534"/><ellipse cx="${f(
      x,
    )}" cy="${f(y)}" rx="${f(r)}" ry="${f(r * 0.55)}" fill="${C.green}"/><ellipse cx="${f(x)}" cy="${f(y)}" rx="${f(
      r * 0.86,
    )}" ry="${f(r * 0.47)}" fill="#ECFCCB"/><ellipse cx="${f(x)}" cy="${f(y)}" rx="${f(r * 0.45)}" ry="${f(
      r * 0.24,
    )}" fill="#D9F99D"/>`;
  s += cucumber(cx - P * 0.62, cy + P * 0.1, P * 0.1) + cucumber(cx - P * 0.5, cy + P * 0.22, P * 0.1);
  // Wontons, back to front.
  const a = P * 0.25;
  const spots = [
    [-0.3, -0.15, 10],
    [0.06, -0.19, 40],
    [0.38, -0.08, 75],
    [-0.19, 0.08, 95],
    [0.18, 0.12, 20],
    [-0.02, -0.02, 60],
  ];
  for (const [dx, dy, r] of spots) s += wonton(rand, cx + P * dx, cy + P * dy, a, r);
  // Chili dip in a small white dish on the right.
  const dx = cx + P * 0.66;
  const dy = cy + P * 0.2;
  const dr = P * 0.19;
  s += shadow(dx + dr * 0.1, dy + dr * 0.4, dr * 1.3, dr * 0.5, 0.35);
  s += `<path d="M${f(dx - dr)},${f(dy)} C${f(dx - dr)},${f(dy + dr * 0.62)} ${f(dx + dr)},${f(dy + dr * 0.62)} ${f(
    dx + dr,
  )},${f(dy)}Z" fill="${C.red}"/>`;
  s += `<ellipse cx="${f(dx)}" cy="${f(dy)}" rx="${f(dr)}" ry="${f(dr * 0.42)}" fill="#FFFDF9"/>`;
  s += `<ellipse cx="${f(dx)}" cy="${f(dy + dr * 0.04)}" rx="${f(dr * 0.82)}" ry="${f(dr * 0.32)}" fill="url(#${sauceG})"/>`;
  for (let i = 0; i < 6; i++) {
    const t = rand() * Math.PI * 2;
    const r = rand() * 0.65;
    s += `<ellipse cx="${f(dx + Math.cos(t) * dr * 0.8 * r)}" cy="${f(dy + Math.sin(t) * dr * 0.3 * r)}" rx="${f(
      dr * 0.05,
    )}" ry="${f(dr * 0.03)}" fill="#FDE68A"/>`;
  }
  return s;
}

/** Student backpack (promo 3). */
function backpack(x, y, sc = 1) {
  const g = uid("bp");
  return `<g transform="translate(${f(x)},${f(y)}) scale(${sc})">
<defs>${linear(
    g,
    [0, 0, 1, 0],
    [
      [0, "#FB923C"],
      [0.6, C.ember],
      [1, "#C2410C"],
    ],
  )}</defs>
<path d="M-24,-104 C-24,-134 24,-134 24,-104" fill="none" stroke="#9A3412" stroke-width="11" stroke-linecap="round"/>
<rect x="-94" y="-62" width="22" height="128" rx="10" fill="#9A3412"/>
<rect x="72" y="-62" width="22" height="128" rx="10" fill="#9A3412"/>
<path d="M-80,70 V-50 C-80,-124 80,-124 80,-50 V70 A16,16 0 0 1 64,86 H-64 A16,16 0 0 1 -80,70Z" fill="url(#${g})"/>
<path d="M-64,-44 C-64,-102 64,-102 64,-44" fill="none" stroke="#9A3412" stroke-width="3.5"/>
<rect x="58" y="-46" width="11" height="22" rx="5" fill="${C.charcoal}"/>
<rect x="-60" y="-2" width="120" height="74" rx="20" fill="#EA580C"/>
<path d="M-60,16 H60" stroke="#9A3412" stroke-width="3.5"/>
<rect x="-44" y="13" width="22" height="10" rx="5" fill="${C.charcoal}"/>
<rect x="-60" y="30" width="120" height="6" fill="#C2410C" opacity=".5"/>
<path d="M-68,-54 C-72,-20 -72,30 -68,60" fill="none" stroke="#fff" stroke-opacity=".35" stroke-width="7" stroke-linecap="round"/>
<circle cx="0" cy="-58" r="15" fill="${C.saffron}"/><path d="M0,-70 L3.5,-62 L12,-61.5 L5.5,-56 L7.5,-47.5 L0,-52 L-7.5,-47.5 L-5.5,-56 L-12,-61.5 L-3.5,-62Z" fill="#FFF7ED"/>
</g>`;
}

/** Student card (no text, only shapes). */
function studentCard(x, y, rot, s = 1) {
  return `<g transform="translate(${f(x)},${f(y)}) rotate(${rot}) scale(${s})">
<rect x="-78" y="-50" width="156" height="100" rx="12" fill="#1C1917" opacity=".18" transform="translate(5,7)"/>
<rect x="-78" y="-50" width="156" height="100" rx="12" fill="#fff"/>
<path d="M-78,-38 A12,12 0 0 1 -66,-50 H66 A12,12 0 0 1 78,-38 V-22 H-78Z" fill="#2563EB"/>
<circle cx="-58" cy="-36" r="7" fill="#FDE68A"/>
<rect x="-44" y="-40" width="70" height="8" rx="4" fill="#fff" opacity=".85"/>
<rect x="-64" y="-12" width="44" height="52" rx="6" fill="${C.ice}"/>
<circle cx="-42" cy="6" r="11" fill="#1E3A8A"/>
<path d="M-60,38 C-58,22 -26,22 -24,38Z" fill="#1E3A8A"/>
<rect x="-8" y="-8" width="72" height="8" rx="4" fill="#CBD5E1"/>
<rect x="-8" y="8" width="56" height="8" rx="4" fill="#E2E8F0"/>
<rect x="-8" y="24" width="64" height="8" rx="4" fill="#E2E8F0"/>
</g>`;
}

// ---------------------------------------------------------------------------------------------
// Backgrounds
// ---------------------------------------------------------------------------------------------

function decorDots(rand, w, h, color, count, avoid) {
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
function menuBackdrop(w, h, { bg, disc, ring, dots, seed = 5, dcx = w / 2, dcy = h / 2 + 10, dr = 190 }) {
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
function slideBackdrop(w, h, { left, right, glow, seed = 9, gx = 860, gy = 300 }) {
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

// ---------------------------------------------------------------------------------------------
// Compositions
// ---------------------------------------------------------------------------------------------

function menuBowl(level) {
  const w = 640;
  const h = 480;
  const looks = {
    1: { bg: ["#FFF7ED", "#FFEDD5"], disc: ["#FCD34D", C.saffron], ring: "#F59E0B", dots: "#FDBA74" },
    2: { bg: ["#FFEDD5", "#FED7AA"], disc: ["#FDBA74", C.ember], ring: "#EA580C", dots: "#FB923C" },
    3: { bg: ["#450A0A", "#1C1917"], disc: ["#F0453B", C.deep], ring: "#F97316", dots: "#9F1239" },
  }[level];
  let s = menuBackdrop(w, h, { ...looks, seed: 20 + level, dcy: 250, dr: 196 });
  if (level === 3) {
    s += flame(88, 356, 0.75, -14) + flame(54, 346, 0.45, -28) + flame(596, 300, 0.62, 16);
  }
  s += bowl({ cx: 318, cy: 238, R: 205, level, seed: 40 + level });
  const chilies = {
    1: [[470, 420, -18, 0.95]],
    2: [
      [455, 412, -16, 0.95],
      [178, 428, 196, 0.85],
    ],
    3: [
      [462, 418, -16, 0.9],
      [178, 430, 196, 0.85],
      [560, 120, 120, 0.75],
    ],
  }[level];
  for (const [x, y, r, sc] of chilies) s += chili(x, y, r, sc);
  return svgDoc(w, h, s);
}

function esTeh() {
  const w = 640;
  const h = 480;
  let s = menuBackdrop(w, h, {
    bg: ["#FFF7ED", "#FEF3C7"],
    disc: ["#E0F2FE", C.ice],
    ring: "#F59E0B",
    dots: "#FCD34D",
    seed: 31,
    dcy: 250,
    dr: 190,
  });
  s += glass({
    cx: 320,
    top: 96,
    bottom: 436,
    wTop: 200,
    wBot: 156,
    liquidTop: 138,
    liquid: ["#F2A641", "#D2691E", "#9A3412", "#6B2A0E"],
    straw: [C.red, "#fff"],
    garnish: "lemon",
    seed: 4,
  });
  s += sparkle(470, 160, 16, "#fff", 0.95) + sparkle(180, 250, 10, "#fff", 0.9);
  return svgDoc(w, h, s);
}

function esNyala() {
  const w = 640;
  const h = 480;
  let s = menuBackdrop(w, h, {
    bg: ["#FFF7ED", "#FFE4E6"],
    disc: ["#E0F2FE", "#93D4F8"],
    ring: C.ember,
    dots: "#FDA4AF",
    seed: 33,
    dcy: 250,
    dr: 190,
  });
  s += glass({
    cx: 320,
    top: 110,
    bottom: 436,
    wTop: 196,
    wBot: 150,
    liquidTop: 150,
    liquid: ["#FDBA4D", C.ember, C.red, C.deep],
    straw: [C.green, "#fff"],
    garnish: "lime",
    seed: 6,
  });
  s += sparkle(480, 170, 16, "#fff", 0.95) + sparkle(172, 260, 10, "#fff", 0.9);
  return svgDoc(w, h, s);
}

function pangsit() {
  const w = 640;
  const h = 480;
  let s = menuBackdrop(w, h, {
    bg: ["#FFF7ED", "#FFEDD5"],
    disc: ["#FDBA74", C.ember],
    ring: C.ember,
    dots: "#FDBA74",
    seed: 35,
    dcy: 240,
    dr: 196,
  });
  s += wontonPlate({ cx: 320, cy: 260, P: 255 });
  s += chili(480, 96, 160, 0.7);
  return svgDoc(w, h, s);
}

function slide(n) {
  const w = 1200;
  const h = 600;
  const looks = {
    1: { left: ["#1C1917", "#5C0F1E"], right: "#C2410C", glow: C.saffron },
    2: { left: ["#1C1917", "#1E293B"], right: "#0C4A6E", glow: C.ice },
    3: { left: ["#1C1917", "#4A1A0A"], right: "#B45309", glow: "#FCD34D" },
  }[n];
  const { back, front } = slideBackdrop(w, h, { ...looks, seed: 50 + n, gx: 860, gy: 310 });
  let s = back;
  if (n === 1) {
    s += bowl({ cx: 860, cy: 300, R: 215, level: 1, seed: 41 });
    s += chili(1040, 500, -20, 1) + chili(1120, 150, 130, 0.7);
  } else if (n === 2) {
    s += glass({
      cx: 860,
      top: 150,
      bottom: 540,
      wTop: 220,
      wBot: 170,
      liquidTop: 196,
      liquid: ["#FDBA4D", C.ember, C.red, C.deep],
      straw: [C.green, "#fff"],
      garnish: "lime",
      seed: 6,
    });
    s += sparkle(1030, 190, 18, "#fff", 0.9) + sparkle(700, 300, 12, "#fff", 0.8);
  } else {
    s += wontonPlate({ cx: 898, cy: 315, P: 255, seed: 12 });
    s += chili(1080, 140, 150, 0.75);
  }
  s += front;
  return svgDoc(w, h, s);
}

function promo(n) {
  const w = 640;
  const h = 400;
  let s = "";
  if (n === 1) {
    s += menuBackdrop(w, h, {
      bg: ["#FFF7ED", "#FFEDD5"],
      disc: ["#FCD34D", C.saffron],
      ring: C.ember,
      dots: "#FDBA74",
      seed: 61,
      dcx: 320,
      dcy: 215,
      dr: 170,
    });
    s += bowl({ cx: 165, cy: 226, R: 112, level: 2, seed: 61, steamOpacity: 0.6 });
    s += bowl({ cx: 338, cy: 262, R: 112, level: 1, seed: 62, steamOpacity: 0.6 });
    s += glass({
      cx: 532,
      top: 104,
      bottom: 370,
      wTop: 128,
      wBot: 100,
      liquidTop: 136,
      liquid: ["#F2A641", "#D2691E", "#9A3412", "#6B2A0E"],
      garnish: "lemon",
      seed: 9,
    });
    // A "plus" badge: two bowls + a free iced tea.
    s += `<g transform="translate(446,150)"><circle r="27" fill="${C.charcoal}" opacity=".15" cy="4"/><circle r="27" fill="${C.red}"/><circle r="21" fill="none" stroke="#fff" stroke-opacity=".35" stroke-width="2"/><path d="M-11,0 H11 M0,-11 V11" stroke="#fff" stroke-width="7" stroke-linecap="round"/></g>`;
  } else if (n === 2) {
    s += menuBackdrop(w, h, {
      bg: ["#FFF7ED", "#FEF3C7"],
      disc: ["#FDBA74", C.ember],
      ring: C.red,
      dots: "#FCD34D",
      seed: 62,
      dcx: 410,
      dcy: 215,
      dr: 170,
    });
    s += bowl({ cx: 420, cy: 205, R: 160, level: 2, seed: 63 });
    s += chili(528, 362, -12, 0.62);
    // Price tag with 20%.
    s += `<g transform="translate(150,200) rotate(-12)">
<path d="M-110,-60 H60 L118,0 L60,60 H-110 A14,14 0 0 1 -124,46 V-46 A14,14 0 0 1 -110,-60Z" fill="${C.charcoal}" opacity=".2" transform="translate(6,10)"/>
<path d="M-110,-60 H60 L118,0 L60,60 H-110 A14,14 0 0 1 -124,46 V-46 A14,14 0 0 1 -110,-60Z" fill="${C.red}"/>
<path d="M-104,-50 H56 L106,0 L56,50 H-104 A8,8 0 0 1 -112,42 V-42 A8,8 0 0 1 -104,-50Z" fill="none" stroke="#FECACA" stroke-width="2.5" stroke-dasharray="7 6"/>
<circle cx="74" cy="0" r="10" fill="${C.cream}"/>
<path d="M78,-4 C110,-60 150,-40 150,-90" fill="none" stroke="${C.charcoal}" stroke-width="3"/>
<text x="-28" y="24" text-anchor="middle" font-family="${FONT}" font-weight="bold" font-size="66" fill="#fff" letter-spacing="-1">20%</text>
</g>`;
    s += sparkle(70, 60, 14, C.red, 0.9) + sparkle(290, 350, 10, C.ember, 0.9);
  } else {
    s += menuBackdrop(w, h, {
      bg: ["#F0F9FF", "#E0F2FE"],
      disc: ["#FDE68A", C.saffron],
      ring: "#38BDF8",
      dots: C.ice,
      seed: 63,
      dcx: 360,
      dcy: 215,
      dr: 168,
    });
    s += backpack(128, 250, 1);
    s += bowl({ cx: 365, cy: 250, R: 135, level: 2, seed: 64, steamOpacity: 0.7 });
    s += glass({
      cx: 548,
      top: 100,
      bottom: 372,
      wTop: 124,
      wBot: 98,
      liquidTop: 134,
      liquid: ["#FDBA4D", C.ember, C.red, C.deep],
      straw: [C.green, "#fff"],
      garnish: "lime",
      seed: 10,
    });
    s += studentCard(170, 350, -10, 0.8);
  }
  return svgDoc(w, h, s);
}

function heroScene(w, h, { cx, cy, R, rays = true }) {
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

function hero() {
  const w = 960;
  const h = 720;
  const cx = 470;
  const cy = 390;
  const R = 270;
  let s = heroScene(w, h, { cx, cy: cy - 20, R });
  s +=
    sparkle(120, 110, 20, "#FDE68A", 0.95) +
    sparkle(840, 640, 16, "#FDE68A", 0.9) +
    sparkle(180, 600, 10, "#fff", 0.8);
  s += flame(110, 690, 1.1, -10) + flame(880, 300, 0.7, 18);
  s +=
    chili(80, 250, -30, 1.1) + chili(930, 520, 160, 1) + chili(640, 690, -8, 1.1) + chili(70, 460, 30, 0.85);
  s += chili(260, 110, -150, 0.8);
  s += bowl({ cx, cy, R, level: 2, seed: 77, lift: true, steamOpacity: 0.85 });
  return svgDoc(w, h, s);
}

// ---------------------------------------------------------------------------------------------
// Logo mark
// ---------------------------------------------------------------------------------------------
const MARK = `<path d="M32 61C17.6 61 9 51.4 9 39.6 9 29.6 15.2 22.6 21.2 13.6 22.4 20.4 25.4 24.4 29.4 25.6 28.4 15.4 33.4 6.8 42.8 2.6 40.6 12 44.2 18.4 49.4 25.4 53.2 30.6 55 35 55 40.4 55 52 45.6 61 32 61Z" fill="${C.red}"/>
<path d="M32 55.4C25.4 55.4 21.4 50.8 21.4 45.2 21.4 39.6 25 35.8 28 31.4 29 35.6 31 37.4 33.6 38 33.6 33.4 35.6 29.6 39.6 27.2 39.4 32.2 42.6 35.6 42.6 42.6 42.6 50 38.2 55.4 32 55.4Z" fill="${C.saffron}"/>`;
const markSvg = (size, background) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 64 64">${
    background
      ? `<rect width="64" height="64" fill="${background}"/><g transform="translate(11 10) scale(.66)">`
      : "<g>"
  }${MARK}</g></svg>`;

function ogImage() {
  const w = 1200;
  const h = 630;
  const cx = 935;
  const cy = 350;
  const R = 212;
  const [bgG] = ["og"].map(uid);
  let s = heroScene(w, h, { cx, cy: cy - 20, R });
  s += `<defs>${linear(
    bgG,
    [0, 0, 1, 0],
    [
      [0, C.deep, 0.95],
      [0.45, C.deep, 0.55],
      [0.62, C.deep, 0],
    ],
  )}</defs><rect width="${w}" height="${h}" fill="url(#${bgG})"/>`;
  s += chili(1130, 560, 160, 0.9) + chili(640, 590, -12, 0.85) + chili(1120, 80, 140, 0.7);
  s += bowl({ cx, cy, R, level: 2, seed: 77, lift: true, steamOpacity: 0.85 });
  s += `<g transform="translate(70 108) scale(1.5)">${MARK.replace(C.saffron, C.saffron).replace(
    `fill="${C.red}"`,
    'fill="#fff"',
  )}</g>`;
  s += `<text x="70" y="300" font-family="${FONT}" font-weight="bold" font-size="104" fill="#fff" letter-spacing="-2">Mie Nyala</text>`;
  s += `<rect x="76" y="332" width="120" height="8" rx="4" fill="${C.saffron}"/>`;
  s += `<text font-family="${FONT}" font-weight="bold" font-size="42" fill="#FFF7ED"><tspan x="74" y="404">Mie pedas,</tspan><tspan x="74" y="458">pesan lewat WhatsApp</tspan></text>`;
  return svgDoc(w, h, s);
}

// ---------------------------------------------------------------------------------------------
// Output
// ---------------------------------------------------------------------------------------------

/** ICO container holding PNG images (Vista+ format). */
function icoFromPngs(entries) {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(entries.length, 4);
  const dir = Buffer.alloc(16 * entries.length);
  let offset = 6 + 16 * entries.length;
  entries.forEach(({ size, png }, i) => {
    const o = i * 16;
    dir.writeUInt8(size >= 256 ? 0 : size, o);
    dir.writeUInt8(size >= 256 ? 0 : size, o + 1);
    dir.writeUInt8(0, o + 2);
    dir.writeUInt8(0, o + 3);
    dir.writeUInt16LE(1, o + 4);
    dir.writeUInt16LE(32, o + 6);
    dir.writeUInt32LE(png.length, o + 8);
    dir.writeUInt32LE(offset, o + 12);
    offset += png.length;
  });
  return Buffer.concat([header, dir, ...entries.map((e) => e.png)]);
}

const written = [];
async function save(rel, buffer) {
  const file = pub(rel);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, buffer);
  written.push(rel);
}
const webp = (svg, quality = 78) =>
  sharp(Buffer.from(svg)).webp({ quality, effort: 6, smartSubsample: true }).toBuffer();

const jobs = [
  ["images/menu/mie-nyala-level-1.webp", () => menuBowl(1)],
  ["images/menu/mie-nyala-level-2.webp", () => menuBowl(2)],
  ["images/menu/mie-nyala-level-3.webp", () => menuBowl(3)],
  ["images/menu/es-teh-jumbo.webp", esTeh],
  ["images/menu/es-nyala.webp", esNyala],
  ["images/menu/pangsit-goreng.webp", pangsit],
  ["images/slides/slide-1.webp", () => slide(1)],
  ["images/slides/slide-2.webp", () => slide(2)],
  ["images/slides/slide-3.webp", () => slide(3)],
  ["images/promo/promo-1.webp", () => promo(1)],
  ["images/promo/promo-2.webp", () => promo(2)],
  ["images/promo/promo-3.webp", () => promo(3)],
  ["images/hero.webp", hero],
];

/** The smaller copies pages use for small slots (app/features/media/images.ts), drawn at their own size. */
const kindOf = (rel) => (rel === "images/hero.webp" ? "hero" : rel.split("/")[1].replace(/s$/, ""));
const smaller = (svg, width, quality = 78) =>
  sharp(Buffer.from(svg)).resize({ width }).webp({ quality, effort: 6, smartSubsample: true }).toBuffer();

const only = process.argv.slice(2);
for (const [rel, draw] of jobs) {
  if (only.length && !only.some((o) => rel.includes(o))) continue;
  const svg = draw();
  await save(rel, await webp(svg));
  for (const width of SMALLER_WIDTHS[kindOf(rel)] ?? []) {
    await save(smallerCopy(`/${rel}`, width).slice(1), await smaller(svg, width));
  }
}
if (!only.length || only.includes("icons")) {
  const favicon = markSvg(64);
  await save("favicon.svg", `${favicon}\n`);
  await save("images/logo.svg", `${favicon}\n`);
  const png = (size, bg) =>
    sharp(Buffer.from(markSvg(size, bg)))
      .png({ compressionLevel: 9 })
      .toBuffer();
  await save(
    "favicon.ico",
    icoFromPngs([
      { size: 16, png: await png(16) },
      { size: 32, png: await png(32) },
    ]),
  );
  await save("apple-touch-icon.png", await png(180, C.cream));
  await save(
    "og-image.jpg",
    await sharp(Buffer.from(ogImage())).jpeg({ quality: 78, mozjpeg: true }).toBuffer(),
  );
}

let worst = 0;
for (const rel of written) {
  const { size } = await stat(pub(rel));
  worst = Math.max(worst, size);
  console.log(`${(size / 1024).toFixed(1).padStart(6)} KB  public/${rel}`);
}
if (worst > 100 * 1024) {
  console.error("An image is over the 100 KB limit.");
  process.exitCode = 1;
}
