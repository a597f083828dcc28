// The picture link previews show (1200×630, public/og-image.jpg): the hero's scene with the logo and
// the shop's name and promise on the left.
import { palette, fontFamily } from "./palette.mjs";
import { uniqueId, linearGradient, svgDocument } from "./svg.mjs";
import { chili } from "./decorations.mjs";
import { noodleBowl } from "./noodle-bowl.mjs";
import { heroScene } from "./hero.mjs";
import { FLAME_MARK } from "./icons.mjs";

export function openGraphImage() {
  const width = 1200;
  const height = 630;
  const cx = 935;
  const cy = 350;
  const radius = 212;
  const textShadeGradient = uniqueId("og");
  let svg = heroScene(width, height, { cx, cy: cy - 20, radius });
  // Darken the left so the white words stay readable over the rays.
  svg += `<defs>${linearGradient(
    textShadeGradient,
    [0, 0, 1, 0],
    [
      [0, palette.deep, 0.95],
      [0.45, palette.deep, 0.55],
      [0.62, palette.deep, 0],
    ],
  )}</defs><rect width="${width}" height="${height}" fill="url(#${textShadeGradient})"/>`;
  svg += chili(1130, 560, 160, 0.9) + chili(640, 590, -12, 0.85) + chili(1120, 80, 140, 0.7);
  svg += noodleBowl({ cx, cy, radius, level: 2, seed: 77, lift: true, steamOpacity: 0.85 });
  // The logo's red outer flame would vanish on the red scene: it is white here.
  svg += `<g transform="translate(70 108) scale(1.5)">${FLAME_MARK.replace(`fill="${palette.red}"`, 'fill="#fff"')}</g>`;
  svg += `<text x="70" y="300" font-family="${fontFamily}" font-weight="bold" font-size="104" fill="#fff" letter-spacing="-2">Mie Nyala</text>`;
  svg += `<rect x="76" y="332" width="120" height="8" rx="4" fill="${palette.saffron}"/>`;
  svg += `<text font-family="${fontFamily}" font-weight="bold" font-size="42" fill="#FFF7ED"><tspan x="74" y="404">Mie pedas,</tspan><tspan x="74" y="458">pesan lewat WhatsApp</tspan></text>`;
  return svgDocument(width, height, svg);
}
