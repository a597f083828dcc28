import { C } from "./palette.mjs";
import { svgDoc, sparkle } from "./svg.mjs";
import { chili, flame } from "./ingredients.mjs";
import { bowl } from "./noodle-bowl.mjs";
import { glass } from "./drinks.mjs";
import { wontonPlate } from "./snacks.mjs";
import { menuBackdrop } from "./backdrops.mjs";

export function menuBowl(level) {
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

export function esTeh() {
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

export function esNyala() {
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

export function pangsit() {
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
