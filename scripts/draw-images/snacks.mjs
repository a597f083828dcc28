import { C } from "./palette.mjs";
import { uid, f, rng, smooth, linear, radial, shadow } from "./svg.mjs";

/** One crispy fried wonton (a folded wrapper with frilly edges) seen at a slight angle; a ~ radius. */
export function wonton(rand, x, y, a, rot = 0) {
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
export function wontonPlate({ cx, cy, P, seed = 11 }) {
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
