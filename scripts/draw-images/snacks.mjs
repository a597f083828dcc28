// Pangsit goreng: a plate of fried wontons with lettuce, cucumber and a chili dip.
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

/**
 * One crispy fried wonton (a folded wrapper with frilly edges) seen at a slight angle, about `radius`
 * wide, its three corners turned by `angle` degrees.
 */
function wonton(rand, x, y, radius, angle = 0) {
  const outline = [];
  const phase = (angle * Math.PI) / 180;
  const wobble = rand() * 10;
  const outlinePoints = 90;
  for (let i = 0; i < outlinePoints; i++) {
    const t = (i / outlinePoints) * Math.PI * 2;
    // Three lobes (the corners of the folded wrapper) and two ripples for the frilly edge.
    const lobes = 0.84 + 0.16 * Math.cos(3 * (t - phase));
    const frill = 1 + 0.045 * Math.sin(22 * t + wobble) + 0.03 * Math.sin(9 * t + wobble * 2);
    const distance = radius * lobes * frill;
    outline.push([x + Math.cos(t) * distance, y + Math.sin(t) * distance * 0.68]);
  }
  const [wrapperGradient, fillingGradient] = ["wg", "wb"].map(uniqueId);
  let svg = `<defs>${radialGradient(
    wrapperGradient,
    [0.5, 0.42, 0.58],
    [
      [0, "#FCD176"],
      [0.45, "#F6B143"],
      [0.8, "#E38B22"],
      [1, "#B45309"],
    ],
  )}${radialGradient(
    fillingGradient,
    [0.42, 0.35, 0.68],
    [
      [0, "#FDE2A0"],
      [0.5, "#F7BA52"],
      [1, "#D98220"],
    ],
  )}</defs>`;
  const wrapper = smoothPath(outline, true);
  svg += `<path d="${wrapper}" fill="#7C2D12" transform="translate(0,${round1(radius * 0.09)})" opacity=".45"/>`;
  svg += `<path d="${wrapper}" fill="url(#${wrapperGradient})" stroke="#A4470F" stroke-opacity=".7" stroke-width="${round1(radius * 0.025)}"/>`;
  // Crisp blisters on the wrapper.
  for (let i = 0; i < 16; i++) {
    const t = rand() * Math.PI * 2;
    const distance = radius * (0.42 + rand() * 0.4);
    const light = i % 3 !== 0;
    svg += `<ellipse cx="${round1(x + Math.cos(t) * distance)}" cy="${round1(y + Math.sin(t) * distance * 0.66)}" rx="${round1(
      radius * (0.03 + rand() * 0.03),
    )}" ry="${round1(radius * 0.025)}" fill="${light ? "#FDE3A7" : "#C2560C"}" opacity="${light ? 0.8 : 0.55}"/>`;
  }
  // Folds of the wrapper running to the corners.
  for (let i = 0; i < 3; i++) {
    const t = phase + (i * 2 * Math.PI) / 3;
    const x1 = x + Math.cos(t) * radius * 0.3;
    const y1 = y - radius * 0.06 + Math.sin(t) * radius * 0.2;
    const x2 = x + Math.cos(t + 0.18) * radius * 0.8;
    const y2 = y + Math.sin(t + 0.18) * radius * 0.54;
    svg += `<path d="M${round1(x1)},${round1(y1)} Q${round1((x1 + x2) / 2 + radius * 0.06)},${round1((y1 + y2) / 2 - radius * 0.04)} ${round1(x2)},${round1(
      y2,
    )}" stroke="#B45309" stroke-opacity=".6" stroke-width="${round1(radius * 0.03)}" fill="none" stroke-linecap="round"/>`;
  }
  // The plump filled centre, a bit crumpled.
  const fillingOutline = [];
  for (let i = 0; i < 9; i++) {
    const t = (i / 9) * Math.PI * 2;
    const distance = radius * 0.36 * (0.9 + rand() * 0.2);
    fillingOutline.push([x + Math.cos(t) * distance, y - radius * 0.1 + Math.sin(t) * distance * 0.72]);
  }
  const filling = smoothPath(fillingOutline, true);
  svg += `<path d="${filling}" fill="#A4470F" opacity=".45" transform="translate(${round1(radius * 0.03)},${round1(radius * 0.07)})"/>`;
  svg += `<path d="${filling}" fill="url(#${fillingGradient})"/>`;
  svg += `<path d="M${round1(x - radius * 0.2)},${round1(y - radius * 0.24)} Q${round1(x - radius * 0.04)},${round1(y - radius * 0.32)} ${round1(x + radius * 0.12)},${round1(
    y - radius * 0.27,
  )}" stroke="#FFF3D1" stroke-opacity=".8" stroke-width="${round1(radius * 0.045)}" fill="none" stroke-linecap="round"/>`;
  return svg;
}

/** A white plate (rim ellipse centred on (cx, cy), `radius` half wide) with wontons and a chili dip. */
export function wontonPlate({ cx, cy, radius, seed = 11 }) {
  const rand = seededRandom(seed);
  // Seen at an angle: the plate's ellipse is half as high as wide.
  const tilt = 0.5;
  const [plateGradient, rimGradient, sauceGradient] = ["pg", "pr", "sg"].map(uniqueId);
  let svg = softShadow(
    cx + radius * 0.05,
    cy + radius * tilt * 0.4,
    radius * 1.12,
    radius * tilt * 1.0,
    0.35,
  );
  svg += `<defs>${radialGradient(
    plateGradient,
    [0.5, 0.4, 0.7],
    [
      [0, "#FFFFFF"],
      [0.7, "#FBF5EE"],
      [1, "#EADCCD"],
    ],
  )}${linearGradient(
    rimGradient,
    [0, 0, 1, 1],
    [
      [0, "#FFFFFF"],
      [0.6, "#FAF3EA"],
      [1, "#E3D2C0"],
    ],
  )}${radialGradient(
    sauceGradient,
    [0.4, 0.35, 0.7],
    [
      [0, "#F87171"],
      [0.6, palette.red],
      [1, "#7F1D1D"],
    ],
  )}</defs>`;
  svg += `<ellipse cx="${round1(cx)}" cy="${round1(cy + radius * 0.05)}" rx="${round1(radius * 0.98)}" ry="${round1(radius * tilt * 0.98)}" fill="#D6C3AF"/>`;
  svg += `<ellipse cx="${round1(cx)}" cy="${round1(cy)}" rx="${round1(radius)}" ry="${round1(radius * tilt)}" fill="url(#${rimGradient})"/>`;
  svg += `<ellipse cx="${round1(cx)}" cy="${round1(cy)}" rx="${round1(radius * 0.93)}" ry="${round1(radius * tilt * 0.93)}" fill="none" stroke="${
    palette.red
  }" stroke-width="${round1(radius * 0.018)}"/>`;
  svg += `<ellipse cx="${round1(cx)}" cy="${round1(cy + radius * 0.02)}" rx="${round1(radius * 0.78)}" ry="${round1(radius * tilt * 0.78)}" fill="url(#${plateGradient})"/>`;
  svg += `<path d="M${round1(cx - radius * 0.78)},${round1(cy + radius * 0.02)} A${round1(radius * 0.78)},${round1(radius * tilt * 0.78)} 0 0 1 ${round1(
    cx + radius * 0.78,
  )},${round1(cy + radius * 0.02)}" stroke="#CDB8A3" stroke-opacity=".6" stroke-width="${round1(radius * 0.012)}" fill="none"/>`;
  svg +=
    lettuceLeaf(cx - radius * 0.4, cy - radius * 0.1, radius * 0.3, 0.5) +
    lettuceLeaf(cx + radius * 0.12, cy - radius * 0.18, radius * 0.3, 2);
  svg +=
    cucumberSlice(cx - radius * 0.62, cy + radius * 0.1, radius * 0.1) +
    cucumberSlice(cx - radius * 0.5, cy + radius * 0.22, radius * 0.1);
  // Wontons, back to front: [offset x, offset y (in plate radii), angle].
  const wontons = [
    [-0.3, -0.15, 10],
    [0.06, -0.19, 40],
    [0.38, -0.08, 75],
    [-0.19, 0.08, 95],
    [0.18, 0.12, 20],
    [-0.02, -0.02, 60],
  ];
  for (const [dx, dy, angle] of wontons) {
    svg += wonton(rand, cx + radius * dx, cy + radius * dy, radius * 0.25, angle);
  }
  svg += chiliDip(rand, cx + radius * 0.66, cy + radius * 0.2, radius * 0.19, sauceGradient);
  return svg;
}

/** A lettuce leaf: a wavy outline (11 waves), bulging towards `turn` (radians). */
function lettuceLeaf(x, y, size, turn) {
  const outline = [];
  for (let i = 0; i < 48; i++) {
    const t = (i / 48) * Math.PI * 2;
    const distance = size * (0.86 + 0.14 * Math.sin(11 * t + turn)) * (1 + 0.25 * Math.cos(t - turn));
    outline.push([x + Math.cos(t) * distance, y + Math.sin(t) * distance * 0.55]);
  }
  return `<path d="${smoothPath(outline, true)}" fill="#4ADE80"/><path d="${smoothPath(
    outline.map(([px, py]) => [x + (px - x) * 0.72, y + (py - y) * 0.72]),
    true,
  )}" fill="${palette.green}" opacity=".55"/><path d="M${round1(x - size * 0.6)},${round1(y + size * 0.1)} Q${round1(x)},${round1(y - size * 0.15)} ${round1(
    x + size * 0.7,
  )},${round1(y)}" stroke="#D9F99D" stroke-width="${round1(size * 0.06)}" fill="none" stroke-linecap="round"/>`;
}

function cucumberSlice(x, y, radius) {
  return `<ellipse cx="${round1(x)}" cy="${round1(y + radius * 0.12)}" rx="${round1(radius)}" ry="${round1(radius * 0.55)}" fill="#166534"/><ellipse cx="${round1(
    x,
  )}" cy="${round1(y)}" rx="${round1(radius)}" ry="${round1(radius * 0.55)}" fill="${palette.green}"/><ellipse cx="${round1(x)}" cy="${round1(y)}" rx="${round1(
    radius * 0.86,
  )}" ry="${round1(radius * 0.47)}" fill="#ECFCCB"/><ellipse cx="${round1(x)}" cy="${round1(y)}" rx="${round1(radius * 0.45)}" ry="${round1(
    radius * 0.24,
  )}" fill="#D9F99D"/>`;
}

/** Chili dip in a small red-and-white dish, with a few seeds; the sauce gradient is the plate's. */
function chiliDip(rand, x, y, radius, sauceGradient) {
  let svg = softShadow(x + radius * 0.1, y + radius * 0.4, radius * 1.3, radius * 0.5, 0.35);
  svg += `<path d="M${round1(x - radius)},${round1(y)} C${round1(x - radius)},${round1(y + radius * 0.62)} ${round1(x + radius)},${round1(y + radius * 0.62)} ${round1(
    x + radius,
  )},${round1(y)}Z" fill="${palette.red}"/>`;
  svg += `<ellipse cx="${round1(x)}" cy="${round1(y)}" rx="${round1(radius)}" ry="${round1(radius * 0.42)}" fill="#FFFDF9"/>`;
  svg += `<ellipse cx="${round1(x)}" cy="${round1(y + radius * 0.04)}" rx="${round1(radius * 0.82)}" ry="${round1(radius * 0.32)}" fill="url(#${sauceGradient})"/>`;
  for (let i = 0; i < 6; i++) {
    const t = rand() * Math.PI * 2;
    const distance = rand() * 0.65;
    svg += `<ellipse cx="${round1(x + Math.cos(t) * radius * 0.8 * distance)}" cy="${round1(y + Math.sin(t) * radius * 0.3 * distance)}" rx="${round1(
      radius * 0.05,
    )}" ry="${round1(radius * 0.03)}" fill="#FDE68A"/>`;
  }
  return svg;
}
