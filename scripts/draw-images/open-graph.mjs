import { C, FONT } from "./palette.mjs";
import { uid, linear, svgDoc } from "./svg.mjs";
import { chili } from "./ingredients.mjs";
import { bowl } from "./noodle-bowl.mjs";
import { heroScene } from "./backdrops.mjs";
import { MARK } from "./icons.mjs";

export function ogImage() {
  const w = 1200;
  const h = 630;
  const cx = 935;
  const cy = 350;
  const R = 212;
  const [bgG] = ["og"].map(uid);
  let s = heroScene(w, h, { cx, cy: cy - 20, R });
  s += `<defs>${linear(
    bgG,
    [0, 0, 1, 0],
    [
      [0, C.deep, 0.95],
      [0.45, C.deep, 0.55],
      [0.62, C.deep, 0],
    ],
  )}</defs><rect width="${w}" height="${h}" fill="url(#${bgG})"/>`;
  s += chili(1130, 560, 160, 0.9) + chili(640, 590, -12, 0.85) + chili(1120, 80, 140, 0.7);
  s += bowl({ cx, cy, R, level: 2, seed: 77, lift: true, steamOpacity: 0.85 });
  s += `<g transform="translate(70 108) scale(1.5)">${MARK.replace(C.saffron, C.saffron).replace(
    `fill="${C.red}"`,
    'fill="#fff"',
  )}</g>`;
  s += `<text x="70" y="300" font-family="${FONT}" font-weight="bold" font-size="104" fill="#fff" letter-spacing="-2">Mie Nyala</text>`;
  s += `<rect x="76" y="332" width="120" height="8" rx="4" fill="${C.saffron}"/>`;
  s += `<text font-family="${FONT}" font-weight="bold" font-size="42" fill="#FFF7ED"><tspan x="74" y="404">Mie pedas,</tspan><tspan x="74" y="458">pesan lewat WhatsApp</tspan></text>`;
  return svgDoc(w, h, s);
}
