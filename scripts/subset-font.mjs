// Writes app/fonts/plus-jakarta-sans-latin-400-800.woff2, the one font file every page preloads
// (docs/decisions/0009-smaller-font-and-pictures.md): the @fontsource package's Latin file cut to
// the characters of UNICODE_RANGE and to the weights the app uses (Tailwind's font-normal to
// font-extrabold). The result is committed; run again after updating the package:
//   node scripts/subset-font.mjs
// app/app.css declares the same range, so any other character falls back to the system font.
import { readFile, writeFile } from "node:fs/promises";
import subsetFont from "subset-font";

/** Basic Latin, Latin-1 (é, ñ, ©, °, ½ …), general punctuation (– — … ‘ ’ “ ” • ‰), €, ™, −. */
export const UNICODE_RANGE = [
  [0x20, 0x7e],
  [0xa0, 0xff],
  [0x2000, 0x206f],
  [0x20ac, 0x20ac],
  [0x2122, 0x2122],
  [0x2212, 0x2212],
];
const WEIGHTS = { min: 400, max: 800 };

const source = new URL(
  "../node_modules/@fontsource-variable/plus-jakarta-sans/files/plus-jakarta-sans-latin-wght-normal.woff2",
  import.meta.url,
);
const target = new URL("../app/fonts/plus-jakarta-sans-latin-400-800.woff2", import.meta.url);

const text = UNICODE_RANGE.flatMap(([first, last]) =>
  Array.from({ length: last - first + 1 }, (_, i) => String.fromCodePoint(first + i)),
).join("");
const font = await readFile(source);
const subset = await subsetFont(font, text, {
  targetFormat: "woff2",
  variationAxes: { wght: WEIGHTS },
});
await writeFile(target, subset);
console.log(
  `${(font.length / 1024).toFixed(1)} KB → ${(subset.length / 1024).toFixed(1)} KB  ${target.pathname}`,
);
