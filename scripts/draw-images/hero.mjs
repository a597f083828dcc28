// The home page's hero picture (960×720, public/images/hero.webp) and the glowing red scene it shares
// with the open-graph image.
import { palette } from "./palette.mjs";
import { uniqueId, round1, linearGradient, radialGradient, svgDocument, sparkle } from "./svg.mjs";
import { chili, flame } from "./decorations.mjs";
import { noodleBowl } from "./noodle-bowl.mjs";

/** Red gradient, sun rays from (cx, cy) and a glow behind a bowl of the given radius there. */
export function heroScene(width, height, { cx, cy, radius, rays = true }) {
  let svg = "";
  const [backgroundGradient, glowGradient] = ["hb", "hg"].map(uniqueId);
  svg += `<defs>${linearGradient(
    backgroundGradient,
    [0, 0, 1, 1],
    [
      [0, palette.ember],
      [0.5, palette.red],
      [1, palette.deep],
    ],
  )}${radialGradient(
    glowGradient,
    [0.5, 0.5, 0.5],
    [
      [0, "#FDE68A", 0.95],
      [0.5, palette.saffron, 0.6],
      [1, palette.saffron, 0],
    ],
  )}</defs>`;
  svg += `<rect width="${width}" height="${height}" fill="url(#${backgroundGradient})"/>`;
  if (rays) {
    let wedges = "";
    const count = 18;
    // Long enough to reach past every corner from anywhere in the picture.
    const length = Math.max(width, height) * 1.2;
    for (let i = 0; i < count; i++) {
      const from = (i / count) * Math.PI * 2;
      const to = from + Math.PI / count;
      wedges += `<path d="M${cx},${cy} L${round1(cx + Math.cos(from) * length)},${round1(cy + Math.sin(from) * length)} L${round1(cx + Math.cos(to) * length)},${round1(
        cy + Math.sin(to) * length,
      )}Z"/>`;
    }
    svg += `<g fill="#fff" opacity=".07">${wedges}</g>`;
  }
  svg += `<circle cx="${cx}" cy="${cy}" r="${round1(radius * 1.55)}" fill="url(#${glowGradient})"/>`;
  return svg;
}

export function hero() {
  const width = 960;
  const height = 720;
  const cx = 470;
  const cy = 390;
  const radius = 270;
  let svg = heroScene(width, height, { cx, cy: cy - 20, radius });
  svg +=
    sparkle(120, 110, 20, "#FDE68A", 0.95) +
    sparkle(840, 640, 16, "#FDE68A", 0.9) +
    sparkle(180, 600, 10, "#fff", 0.8);
  svg += flame(110, 690, 1.1, -10) + flame(880, 300, 0.7, 18);
  svg +=
    chili(80, 250, -30, 1.1) + chili(930, 520, 160, 1) + chili(640, 690, -8, 1.1) + chili(70, 460, 30, 0.85);
  svg += chili(260, 110, -150, 0.8);
  svg += noodleBowl({ cx, cy, radius, level: 2, seed: 77, lift: true, steamOpacity: 0.85 });
  return svgDocument(width, height, svg);
}
