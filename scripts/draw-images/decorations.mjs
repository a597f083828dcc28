// The small pieces scattered around and over the food: chilies, flames and steam.
import { palette } from "./palette.mjs";
import { uniqueId, round1, linearGradient } from "./svg.mjs";

/** A chili ~140 px long pointing right at scale 1; (x, y) is the stem end, angle in degrees. */
export function chili(x, y, angle = 0, scale = 1, tone = "red") {
  const id = uniqueId("ch");
  const [light, mid, dark] =
    tone === "green" ? ["#4ADE80", palette.green, "#166534"] : ["#F05A4A", palette.red, palette.deep];
  return `<g transform="translate(${round1(x)},${round1(y)}) rotate(${round1(angle)}) scale(${scale})">
<defs>${linearGradient(
    id,
    [0, 0, 0, 1],
    [
      [0, light],
      [0.45, mid],
      [1, dark],
    ],
  )}</defs>
<path d="M8,-15 C52,-22 100,-12 124,18 C130,26 134,34 132,38 C116,20 84,12 48,13 C30,14 16,14 8,11 C-2,7 -2,-11 8,-15Z" fill="url(#${id})"/>
<path d="M20,-9 C54,-14 92,-6 112,12" fill="none" stroke="#fff" stroke-opacity=".55" stroke-width="4.5" stroke-linecap="round"/>
<path d="M10,-17 C-1,-19 -8,-9 -6,-1 C-8,8 -1,16 10,13 C5,5 5,-9 10,-17Z" fill="${palette.green}"/>
<path d="M-4,-2 C-14,-3 -22,-10 -25,-21" fill="none" stroke="#15803D" stroke-width="6" stroke-linecap="round"/>
</g>`;
}

/** A flame ~104 px high at scale 1; (x, y) is its base, angle in degrees. */
export function flame(x, y, scale = 1, angle = 0) {
  const id = uniqueId("fl");
  return `<g transform="translate(${round1(x)},${round1(y)}) rotate(${round1(angle)}) scale(${scale})">
<defs>${linearGradient(
    id,
    [0, 1, 0, 0],
    [
      [0, palette.red],
      [0.55, palette.ember],
      [1, palette.saffron],
    ],
  )}</defs>
<path d="M0,0 C-30,-4 -38,-40 -18,-66 C-16,-50 -8,-46 -4,-46 C-10,-68 2,-92 22,-104 C16,-82 38,-66 36,-36 C35,-12 20,0 0,0Z" fill="url(#${id})"/>
<path d="M2,-7 C-13,-8 -16,-27 -5,-40 C-3,-31 3,-29 6,-29 C4,-43 10,-54 18,-60 C16,-46 26,-37 24,-24 C23,-13 14,-7 2,-7Z" fill="#FDE68A" opacity=".9"/>
</g>`;
}

/** Soft translucent steam curves, one rising from each of xs at baseY. */
export function steam(xs, baseY, height, strokeWidth, opacity = 0.75) {
  const id = uniqueId("st");
  const paths = xs
    .map((x, i) => {
      // Neighbouring curves sway to opposite sides and rise to slightly different heights.
      const side = i % 2 === 0 ? 1 : -1;
      const rise = height * (0.85 + 0.15 * ((i * 7) % 3));
      return `<path d="M${round1(x)},${round1(baseY)} C${round1(x - side * strokeWidth * 2.2)},${round1(baseY - rise * 0.25)} ${round1(
        x + side * strokeWidth * 2.2,
      )},${round1(baseY - rise * 0.42)} ${round1(x)},${round1(baseY - rise * 0.6)} S${round1(x - side * strokeWidth * 1.4)},${round1(baseY - rise * 0.9)} ${round1(
        x + side * strokeWidth * 0.6,
      )},${round1(baseY - rise)}"/>`;
    })
    .join("");
  // The gradient runs along the rise (user space) so every curve fades in at the bowl and out at the top.
  return `<defs>${linearGradient(
    id,
    [0, baseY, 0, baseY - height],
    [
      [0, "#fff", 0],
      [0.3, "#fff", opacity],
      [0.7, "#fff", opacity * 0.6],
      [1, "#fff", 0],
    ],
    true,
  )}</defs><g fill="none" stroke="url(#${id})" stroke-width="${round1(strokeWidth)}" stroke-linecap="round">${paths}</g>`;
}
