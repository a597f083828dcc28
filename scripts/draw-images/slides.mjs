import { C } from "./palette.mjs";
import { svgDoc, sparkle } from "./svg.mjs";
import { chili } from "./ingredients.mjs";
import { bowl } from "./noodle-bowl.mjs";
import { glass } from "./drinks.mjs";
import { wontonPlate } from "./snacks.mjs";
import { slideBackdrop } from "./backdrops.mjs";

export function slide(n) {
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
