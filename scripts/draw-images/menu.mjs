// The menu's pictures (640×480, public/images/menu/): the three heat levels, two drinks, the wontons.
import { palette } from "./palette.mjs";
import { svgDocument, sparkle } from "./svg.mjs";
import { chili, flame } from "./decorations.mjs";
import { noodleBowl } from "./noodle-bowl.mjs";
import { drinkGlass } from "./drinks.mjs";
import { wontonPlate } from "./snacks.mjs";
import { menuBackdrop } from "./backdrops.mjs";

const WIDTH = 640;
const HEIGHT = 480;

/** Mie Nyala at heat level 1–3: the backdrop darkens and the chilies (and flames) multiply. */
export function menuNoodleBowl(level) {
  const looks = {
    1: {
      background: ["#FFF7ED", "#FFEDD5"],
      disc: ["#FCD34D", palette.saffron],
      ring: "#F59E0B",
      dots: "#FDBA74",
    },
    2: {
      background: ["#FFEDD5", "#FED7AA"],
      disc: ["#FDBA74", palette.ember],
      ring: "#EA580C",
      dots: "#FB923C",
    },
    3: {
      background: ["#450A0A", "#1C1917"],
      disc: ["#F0453B", palette.deep],
      ring: "#F97316",
      dots: "#9F1239",
    },
  }[level];
  let svg = menuBackdrop(WIDTH, HEIGHT, { ...looks, seed: 20 + level, discY: 250, discRadius: 196 });
  if (level === 3) {
    svg += flame(88, 356, 0.75, -14) + flame(54, 346, 0.45, -28) + flame(596, 300, 0.62, 16);
  }
  svg += noodleBowl({ cx: 318, cy: 238, radius: 205, level, seed: 40 + level });
  // [x, y, angle, scale] of each chili.
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
  for (const [x, y, angle, scale] of chilies) svg += chili(x, y, angle, scale);
  return svgDocument(WIDTH, HEIGHT, svg);
}

export function esTehJumbo() {
  let svg = menuBackdrop(WIDTH, HEIGHT, {
    background: ["#FFF7ED", "#FEF3C7"],
    disc: ["#E0F2FE", palette.ice],
    ring: "#F59E0B",
    dots: "#FCD34D",
    seed: 31,
    discY: 250,
    discRadius: 190,
  });
  svg += drinkGlass({
    cx: 320,
    top: 96,
    bottom: 436,
    topWidth: 200,
    bottomWidth: 156,
    liquidTop: 138,
    liquid: ["#F2A641", "#D2691E", "#9A3412", "#6B2A0E"],
    straw: [palette.red, "#fff"],
    garnish: "lemon",
    seed: 4,
  });
  svg += sparkle(470, 160, 16, "#fff", 0.95) + sparkle(180, 250, 10, "#fff", 0.9);
  return svgDocument(WIDTH, HEIGHT, svg);
}

export function esNyala() {
  let svg = menuBackdrop(WIDTH, HEIGHT, {
    background: ["#FFF7ED", "#FFE4E6"],
    disc: ["#E0F2FE", "#93D4F8"],
    ring: palette.ember,
    dots: "#FDA4AF",
    seed: 33,
    discY: 250,
    discRadius: 190,
  });
  svg += drinkGlass({
    cx: 320,
    top: 110,
    bottom: 436,
    topWidth: 196,
    bottomWidth: 150,
    liquidTop: 150,
    liquid: ["#FDBA4D", palette.ember, palette.red, palette.deep],
    straw: [palette.green, "#fff"],
    garnish: "lime",
    seed: 6,
  });
  svg += sparkle(480, 170, 16, "#fff", 0.95) + sparkle(172, 260, 10, "#fff", 0.9);
  return svgDocument(WIDTH, HEIGHT, svg);
}

export function pangsitGoreng() {
  let svg = menuBackdrop(WIDTH, HEIGHT, {
    background: ["#FFF7ED", "#FFEDD5"],
    disc: ["#FDBA74", palette.ember],
    ring: palette.ember,
    dots: "#FDBA74",
    seed: 35,
    discY: 240,
    discRadius: 196,
  });
  svg += wontonPlate({ cx: 320, cy: 260, radius: 255 });
  svg += chili(480, 96, 160, 0.7);
  return svgDocument(WIDTH, HEIGHT, svg);
}
