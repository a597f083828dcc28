// The backgrounds behind the food: the warm menu card and the wide dark slide.
import { uniqueId, round1, seededRandom, linearGradient, radialGradient, sparkle } from "./svg.mjs";

/** Small dots anywhere in the picture except inside the circle avoid = [x, y, radius]. */
function scatteredDots(rand, width, height, color, count, avoid) {
  let svg = "";
  for (let i = 0; i < count; i++) {
    const x = rand() * width;
    const y = rand() * height;
    if (avoid && (x - avoid[0]) ** 2 + (y - avoid[1]) ** 2 < avoid[2] ** 2) continue;
    svg += `<circle cx="${round1(x)}" cy="${round1(y)}" r="${round1(2 + rand() * 4)}" fill="${color}"/>`;
  }
  return svg;
}

/**
 * Menu and promo backdrop: warm gradient (background: two colours), a big disc behind the food
 * (disc: centre and edge colours) with a dotted ring, dots and sparkles in the ring's colour.
 */
export function menuBackdrop(
  width,
  height,
  { background, disc, ring, dots, seed = 5, discX = width / 2, discY = height / 2 + 10, discRadius = 190 },
) {
  const rand = seededRandom(seed);
  const [backgroundGradient, discGradient] = ["mb", "md"].map(uniqueId);
  let svg = `<defs>${linearGradient(
    backgroundGradient,
    [0, 0, 1, 1],
    [
      [0, background[0]],
      [1, background[1]],
    ],
  )}${radialGradient(
    discGradient,
    [0.42, 0.38, 0.7],
    [
      [0, disc[0]],
      [1, disc[1]],
    ],
  )}</defs>`;
  svg += `<rect width="${width}" height="${height}" fill="url(#${backgroundGradient})"/>`;
  svg += `<circle cx="${round1(discX)}" cy="${round1(discY)}" r="${round1(discRadius + 22)}" fill="none" stroke="${ring}" stroke-width="3" stroke-dasharray="2 14" stroke-linecap="round"/>`;
  svg += `<circle cx="${round1(discX)}" cy="${round1(discY)}" r="${round1(discRadius)}" fill="url(#${discGradient})"/>`;
  svg += scatteredDots(rand, width, height, dots, 16, [discX, discY, discRadius + 40]);
  svg +=
    sparkle(width * 0.1, height * 0.16, 14, ring, 0.9) + sparkle(width * 0.9, height * 0.84, 12, ring, 0.9);
  svg +=
    sparkle(width * 0.88, height * 0.14, 8, ring, 0.7) + sparkle(width * 0.08, height * 0.82, 8, ring, 0.7);
  return svg;
}

/**
 * Slide backdrop: calm dark gradient on the left (left: two colours, then right), a glowing stage
 * at (glowX, glowY). Returns back (under the food) and front (over it): a fade from the left, where
 * the carousel lays the slide's text over the picture (app/features/storefront/carousel.tsx).
 */
export function slideBackdrop(width, height, { left, right, glow, seed = 9, glowX = 860, glowY = 300 }) {
  const rand = seededRandom(seed);
  const [backgroundGradient, glowGradient, fadeGradient] = ["sb", "sg", "sf"].map(uniqueId);
  let svg = `<defs>${linearGradient(
    backgroundGradient,
    [0, 0, 1, 0],
    [
      [0, left[0]],
      [0.45, left[1]],
      [1, right],
    ],
  )}${radialGradient(
    glowGradient,
    [0.5, 0.5, 0.5],
    [
      [0, glow, 0.95],
      [0.55, glow, 0.45],
      [1, glow, 0],
    ],
  )}${linearGradient(
    fadeGradient,
    [0, 0, 1, 0],
    [
      [0, left[0], 0.9],
      [0.4, left[0], 0.55],
      [0.6, left[0], 0],
    ],
  )}</defs>`;
  svg += `<rect width="${width}" height="${height}" fill="url(#${backgroundGradient})"/>`;
  svg += `<circle cx="${glowX}" cy="${glowY}" r="${height * 0.62}" fill="url(#${glowGradient})"/>`;
  svg += `<circle cx="${glowX}" cy="${glowY}" r="${height * 0.43}" fill="none" stroke="#fff" stroke-opacity=".12" stroke-width="2" stroke-dasharray="2 14" stroke-linecap="round"/>`;
  // Dots on the right half only, outside the stage.
  let dots = "";
  for (let i = 0; i < 14; i++) {
    const x = width * 0.58 + rand() * width * 0.42;
    const y = rand() * height;
    if ((x - glowX) ** 2 + (y - glowY) ** 2 < (height * 0.48) ** 2) continue;
    dots += `<circle cx="${round1(x)}" cy="${round1(y)}" r="${round1(2 + rand() * 3.5)}" fill="#fff" opacity=".25"/>`;
  }
  svg += dots;
  svg +=
    sparkle(width * 0.95, height * 0.12, 12, "#FDE68A", 0.8) +
    sparkle(width * 0.6, height * 0.88, 9, "#FDE68A", 0.6);
  return { back: svg, front: `<rect width="${width}" height="${height}" fill="url(#${fadeGradient})"/>` };
}
