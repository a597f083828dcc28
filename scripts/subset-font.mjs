// Writes app/fonts/plus-jakarta-sans-latin-400-800.woff2, cut to the `unicode-range` and weights
// app/app.css declares (docs/decisions/0009-smaller-font-and-pictures.md). The result is committed;
// run again after changing either or updating the package: `node scripts/subset-font.mjs`
import { readFile, writeFile } from "node:fs/promises";
import subsetFont from "subset-font";

const source = new URL(
  "../node_modules/@fontsource-variable/plus-jakarta-sans/files/plus-jakarta-sans-latin-wght-normal.woff2",
  import.meta.url,
);
const target = new URL("../app/fonts/plus-jakarta-sans-latin-400-800.woff2", import.meta.url);

const css = await readFile(new URL("../app/app.css", import.meta.url), "utf8");
const face = /@font-face\s*\{[^}]*plus-jakarta-sans-latin-400-800\.woff2[^}]*\}/.exec(css)?.[0];
const range = face && /unicode-range:\s*([^;]+);/.exec(face)?.[1];
const weight = face && /font-weight:\s*(\d+)\s+(\d+);/.exec(face);
if (!range || !weight)
  throw new Error("app/app.css: no @font-face with unicode-range and font-weight for the file");

// `U+0020-007E, U+20AC` → every character of those ranges.
const text = range
  .split(",")
  .map((part) => /U\+([0-9A-F]+)(?:-([0-9A-F]+))?/i.exec(part.trim()))
  .flatMap((match) => {
    const first = parseInt(match[1], 16);
    const last = parseInt(match[2] ?? match[1], 16);
    return Array.from({ length: last - first + 1 }, (_, i) => String.fromCodePoint(first + i));
  })
  .join("");
const font = await readFile(source);
const subset = await subsetFont(font, text, {
  targetFormat: "woff2",
  variationAxes: { wght: { min: Number(weight[1]), max: Number(weight[2]) } },
});
await writeFile(target, subset);
console.log(
  `${(font.length / 1024).toFixed(1)} KB → ${(subset.length / 1024).toFixed(1)} KB  ${target.pathname}`,
);
