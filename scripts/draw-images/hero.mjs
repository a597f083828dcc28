import { svgDoc, sparkle } from "./svg.mjs";
import { chili, flame } from "./ingredients.mjs";
import { bowl } from "./noodle-bowl.mjs";
import { heroScene } from "./backdrops.mjs";

export function hero() {
  const w = 960;
  const h = 720;
  const cx = 470;
  const cy = 390;
  const R = 270;
  let s = heroScene(w, h, { cx, cy: cy - 20, R });
  s +=
    sparkle(120, 110, 20, "#FDE68A", 0.95) +
    sparkle(840, 640, 16, "#FDE68A", 0.9) +
    sparkle(180, 600, 10, "#fff", 0.8);
  s += flame(110, 690, 1.1, -10) + flame(880, 300, 0.7, 18);
  s +=
    chili(80, 250, -30, 1.1) + chili(930, 520, 160, 1) + chili(640, 690, -8, 1.1) + chili(70, 460, 30, 0.85);
  s += chili(260, 110, -150, 0.8);
  s += bowl({ cx, cy, R, level: 2, seed: 77, lift: true, steamOpacity: 0.85 });
  return svgDoc(w, h, s);
}
