// The home page carousel's slides (1200×600, public/images/slides/): food on a stage at the right.
import { palette } from "./palette.mjs";
import { svgDocument, sparkle } from "./svg.mjs";
import { chili } from "./decorations.mjs";
import { noodleBowl } from "./noodle-bowl.mjs";
import { drinkGlass } from "./drinks.mjs";
import { wontonPlate } from "./snacks.mjs";
import { slideBackdrop } from "./backdrops.mjs";

/** Slide 1 is the mie, 2 the es nyala, 3 the pangsit goreng. */
export function slide(number) {
  const width = 1200;
  const height = 600;
  const looks = {
    1: { left: ["#1C1917", "#5C0F1E"], right: "#C2410C", glow: palette.saffron },
    2: { left: ["#1C1917", "#1E293B"], right: "#0C4A6E", glow: palette.ice },
    3: { left: ["#1C1917", "#4A1A0A"], right: "#B45309", glow: "#FCD34D" },
  }[number];
  const { back, front } = slideBackdrop(width, height, {
    ...looks,
    seed: 50 + number,
    glowX: 860,
    glowY: 310,
  });
  let svg = back;
  if (number === 1) {
    svg += noodleBowl({ cx: 860, cy: 300, radius: 215, level: 1, seed: 41 });
    svg += chili(1040, 500, -20, 1) + chili(1120, 150, 130, 0.7);
  } else if (number === 2) {
    svg += drinkGlass({
      cx: 860,
      top: 150,
      bottom: 540,
      topWidth: 220,
      bottomWidth: 170,
      liquidTop: 196,
      liquid: ["#FDBA4D", palette.ember, palette.red, palette.deep],
      straw: [palette.green, "#fff"],
      garnish: "lime",
      seed: 6,
    });
    svg += sparkle(1030, 190, 18, "#fff", 0.9) + sparkle(700, 300, 12, "#fff", 0.8);
  } else {
    svg += wontonPlate({ cx: 898, cy: 315, radius: 255, seed: 12 });
    svg += chili(1080, 140, 150, 0.75);
  }
  svg += front;
  return svgDocument(width, height, svg);
}
