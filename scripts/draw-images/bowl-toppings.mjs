import { C } from "./palette.mjs";
import { uid, f, linear, radial } from "./svg.mjs";

/** Toppings of a mie ayam bowl laid on an ellipse (bx, by, brx, bry). */
export function toppings(rand, bx, by, brx, bry, level, R) {
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
