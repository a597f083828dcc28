// What lies on the noodles of a mie ayam bowl: bok choy, braised chicken, half an egg, chili, scallion.
// Every piece is placed on the broth's ellipse; its size follows the bowl's radius.
import { palette } from "./palette.mjs";
import { uniqueId, round1, linearGradient, radialGradient } from "./svg.mjs";

/**
 * All the toppings, back to front, on the broth ellipse (cx, cy, rx, ry). level (1–3) is the heat:
 * hotter bowls get more chili slices and flakes. The order of the pieces is the order rand() is
 * called in, so it fixes the picture too.
 */
export function mieAyamToppings(rand, cx, cy, rx, ry, level, bowlRadius) {
  const broth = { cx, cy, rx, ry, bowlRadius };
  return (
    bokChoy(broth) +
    braisedChicken(rand, broth) +
    halfEgg(broth) +
    chiliSlices(rand, broth, [0, 2, 5, 8][level]) +
    scallionRings(rand, broth) +
    shallotsAndChiliFlakes(rand, broth, [6, 8, 22, 44][level])
  );
}

/** Three bok choy leaves on the left. */
function bokChoy({ cx, cy, rx, ry, bowlRadius }) {
  const leafGradient = uniqueId("lf");
  let svg = `<defs>${linearGradient(
    leafGradient,
    [0, 0, 0, 1],
    [
      [0, "#4ADE80"],
      [0.5, palette.green],
      [1, "#166534"],
    ],
  )}</defs>`;
  const leaves = [
    [cx - rx * 0.55, cy + ry * 0.05, -70, 1],
    [cx - rx * 0.5, cy - ry * 0.25, -105, 0.9],
    [cx - rx * 0.36, cy + ry * 0.3, -40, 0.85],
  ];
  for (const [x, y, angle, scale] of leaves) {
    const length = bowlRadius * 0.42 * scale;
    const width = bowlRadius * 0.22 * scale;
    svg += `<g transform="translate(${round1(x)},${round1(y)}) scale(1,0.72) rotate(${angle})">
<path d="M0,0 C${round1(width * 0.75)},${round1(-length * 0.15)} ${round1(width * 0.8)},${round1(-length * 0.85)} 0,${round1(-length)} C${round1(-width * 0.8)},${round1(
      -length * 0.85,
    )} ${round1(-width * 0.75)},${round1(-length * 0.15)} 0,0Z" fill="url(#${leafGradient})"/>
<path d="M0,${round1(length * 0.05)} L0,${round1(-length * 0.8)}" stroke="#D9F99D" stroke-width="${round1(width * 0.2)}" stroke-linecap="round"/>
<path d="M0,${round1(-length * 0.35)} L${round1(width * 0.4)},${round1(-length * 0.55)} M0,${round1(-length * 0.55)} L${round1(-width * 0.4)},${round1(
      -length * 0.72,
    )}" stroke="#BBF7D0" stroke-opacity=".7" stroke-width="${round1(width * 0.06)}" stroke-linecap="round"/></g>`;
  }
  return svg;
}

/** Diced soy-braised chicken on the right: little rounded cubes, back ones first. */
function braisedChicken(rand, { cx, cy, rx, ry, bowlRadius }) {
  const polygon = (points) => `M${points.map(([x, y]) => `${round1(x)},${round1(y)}`).join(" L")}Z`;
  // A cube is its top face stacked four times downwards (the sides), then the top and a lighter centre.
  const cube = (x, y, size) => {
    const turn = rand() * Math.PI;
    const top = [0, 1, 2, 3].map((i) => {
      const t = turn + (i * Math.PI) / 2;
      return [x + Math.cos(t) * size * 0.62, y + Math.sin(t) * size * 0.62 * 0.6];
    });
    let svg = "";
    for (let layer = 4; layer >= 1; layer--) {
      const drop = (size * 0.42 * layer) / 4;
      svg += `<path d="${polygon(top.map(([px, py]) => [px, py + drop]))}" fill="#6B2A0E" stroke="#6B2A0E" stroke-width="${round1(
        size * 0.3,
      )}" stroke-linejoin="round"/>`;
    }
    svg += `<path d="${polygon(top)}" fill="#A8521A" stroke="#A8521A" stroke-width="${round1(size * 0.3)}" stroke-linejoin="round"/>`;
    svg += `<path d="${polygon(top.map(([px, py]) => [x + (px - x) * 0.5 - size * 0.08, y + (py - y) * 0.5 - size * 0.06]))}" fill="#CF7A2E" stroke="#CF7A2E" stroke-width="${round1(
      size * 0.15,
    )}" stroke-linejoin="round"/>`;
    return svg;
  };
  const places = [
    [0.32, -0.42],
    [0.5, -0.3],
    [0.66, -0.1],
    [0.42, -0.08],
    [0.58, 0.14],
    [0.25, -0.2],
    [0.72, -0.36],
  ];
  places.sort((a, b) => a[1] - b[1]);
  let svg = "";
  for (const [dx, dy] of places) svg += cube(cx + rx * dx, cy + ry * dy, bowlRadius * (0.08 + rand() * 0.02));
  return svg;
}

/** Half a boiled egg in front. */
function halfEgg({ cx, cy, rx, ry, bowlRadius }) {
  const x = cx + rx * 0.12;
  const y = cy + ry * 0.46;
  const radius = bowlRadius * 0.17;
  const yolkGradient = uniqueId("yk");
  return `<defs>${radialGradient(
    yolkGradient,
    [0.45, 0.4, 0.6],
    [
      [0, "#FDE68A"],
      [0.45, "#FBBF24"],
      [1, "#EA8A0B"],
    ],
  )}</defs>
<ellipse cx="${round1(x)}" cy="${round1(y + radius * 0.14)}" rx="${round1(radius)}" ry="${round1(radius * 0.62)}" fill="#E9DCCB"/>
<ellipse cx="${round1(x)}" cy="${round1(y)}" rx="${round1(radius)}" ry="${round1(radius * 0.6)}" fill="#FFFDF7"/>
<ellipse cx="${round1(x + radius * 0.05)}" cy="${round1(y + radius * 0.02)}" rx="${round1(radius * 0.52)}" ry="${round1(radius * 0.34)}" fill="url(#${yolkGradient})"/>
<ellipse cx="${round1(x - radius * 0.12)}" cy="${round1(y - radius * 0.08)}" rx="${round1(radius * 0.14)}" ry="${round1(radius * 0.07)}" fill="#fff" opacity=".7"/>`;
}

function chiliSlices(rand, { cx, cy, rx, ry, bowlRadius }, count) {
  let svg = "";
  for (let i = 0; i < count; i++) {
    const x = cx + (rand() - 0.5) * rx * 1.3;
    const y = cy + (rand() - 0.5) * ry * 1.1;
    const size = bowlRadius * (0.04 + rand() * 0.015);
    svg += `<ellipse cx="${round1(x)}" cy="${round1(y)}" rx="${round1(size)}" ry="${round1(size * 0.62)}" fill="#FDE7C2" stroke="${
      palette.red
    }" stroke-width="${round1(size * 0.42)}"/><circle cx="${round1(x + size * 0.2)}" cy="${round1(y)}" r="${round1(size * 0.14)}" fill="#F59E0B"/>`;
  }
  return svg;
}

function scallionRings(rand, { cx, cy, rx, ry, bowlRadius }) {
  const greens = ["#16A34A", "#22C55E", "#15803D"];
  let svg = "";
  for (let i = 0; i < 16; i++) {
    const angle = rand() * Math.PI * 2;
    const distance = Math.sqrt(rand()) * 0.8;
    const x = cx + Math.cos(angle) * rx * distance;
    const y = cy + Math.sin(angle) * ry * distance;
    const size = bowlRadius * (0.022 + rand() * 0.012);
    svg += `<ellipse cx="${round1(x)}" cy="${round1(y)}" rx="${round1(size)}" ry="${round1(size * 0.62)}" fill="#D9F99D" stroke="${
      greens[i % 3]
    }" stroke-width="${round1(size * 0.5)}"/>`;
  }
  return svg;
}

/** Fried shallots (every third flake) and chili flakes. */
function shallotsAndChiliFlakes(rand, { cx, cy, rx, ry, bowlRadius }, count) {
  let svg = "";
  for (let i = 0; i < count; i++) {
    const angle = rand() * Math.PI * 2;
    const distance = Math.sqrt(rand()) * 0.9;
    const x = cx + Math.cos(angle) * rx * distance;
    const y = cy + Math.sin(angle) * ry * distance;
    const size = bowlRadius * (0.008 + rand() * 0.01);
    svg += `<ellipse cx="${round1(x)}" cy="${round1(y)}" rx="${round1(size * 1.4)}" ry="${round1(size)}" transform="rotate(${round1(rand() * 180)} ${round1(
      x,
    )} ${round1(y)})" fill="${i % 3 === 0 ? "#92400E" : "#B91C1C"}"/>`;
  }
  return svg;
}
