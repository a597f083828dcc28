// Draws every Mie Nyala illustration in code (hand-written SVG) and converts it with sharp.
// Run with: node scripts/draw-images.mjs   (Node 24: `. scripts/node24.sh` first)
// Writes public/images/**, public/favicon.{svg,ico}, public/apple-touch-icon.png, public/og-image.jpg.
import { mkdir, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";
import { SMALLER_WIDTHS, smallerCopy } from "../app/features/media/images.ts";
import { C } from "./draw-images/palette.mjs";
import { menuBowl, esTeh, esNyala, pangsit } from "./draw-images/menu.mjs";
import { slide } from "./draw-images/slides.mjs";
import { promo } from "./draw-images/promos.mjs";
import { hero } from "./draw-images/hero.mjs";
import { markSvg, icoFromPngs } from "./draw-images/icons.mjs";
import { ogImage } from "./draw-images/open-graph.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const pub = (p) => path.join(root, "public", p);

const written = [];
async function save(rel, buffer) {
  const file = pub(rel);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, buffer);
  written.push(rel);
}
const webp = (svg, quality = 78) =>
  sharp(Buffer.from(svg)).webp({ quality, effort: 6, smartSubsample: true }).toBuffer();

const jobs = [
  ["images/menu/mie-nyala-level-1.webp", () => menuBowl(1)],
  ["images/menu/mie-nyala-level-2.webp", () => menuBowl(2)],
  ["images/menu/mie-nyala-level-3.webp", () => menuBowl(3)],
  ["images/menu/es-teh-jumbo.webp", esTeh],
  ["images/menu/es-nyala.webp", esNyala],
  ["images/menu/pangsit-goreng.webp", pangsit],
  ["images/slides/slide-1.webp", () => slide(1)],
  ["images/slides/slide-2.webp", () => slide(2)],
  ["images/slides/slide-3.webp", () => slide(3)],
  ["images/promo/promo-1.webp", () => promo(1)],
  ["images/promo/promo-2.webp", () => promo(2)],
  ["images/promo/promo-3.webp", () => promo(3)],
  ["images/hero.webp", hero],
];

/** The smaller copies pages use for small slots (app/features/media/images.ts), drawn at their own size. */
const kindOf = (rel) => (rel === "images/hero.webp" ? "hero" : rel.split("/")[1].replace(/s$/, ""));
const smaller = (svg, width, quality = 78) =>
  sharp(Buffer.from(svg)).resize({ width }).webp({ quality, effort: 6, smartSubsample: true }).toBuffer();

const only = process.argv.slice(2);
for (const [rel, draw] of jobs) {
  if (only.length && !only.some((o) => rel.includes(o))) continue;
  const svg = draw();
  await save(rel, await webp(svg));
  for (const width of SMALLER_WIDTHS[kindOf(rel)] ?? []) {
    await save(smallerCopy(`/${rel}`, width).slice(1), await smaller(svg, width));
  }
}
if (!only.length || only.includes("icons")) {
  const favicon = markSvg(64);
  await save("favicon.svg", `${favicon}\n`);
  await save("images/logo.svg", `${favicon}\n`);
  const png = (size, bg) =>
    sharp(Buffer.from(markSvg(size, bg)))
      .png({ compressionLevel: 9 })
      .toBuffer();
  await save(
    "favicon.ico",
    icoFromPngs([
      { size: 16, png: await png(16) },
      { size: 32, png: await png(32) },
    ]),
  );
  await save("apple-touch-icon.png", await png(180, C.cream));
  await save(
    "og-image.jpg",
    await sharp(Buffer.from(ogImage())).jpeg({ quality: 78, mozjpeg: true }).toBuffer(),
  );
}

let worst = 0;
for (const rel of written) {
  const { size } = await stat(pub(rel));
  worst = Math.max(worst, size);
  console.log(`${(size / 1024).toFixed(1).padStart(6)} KB  public/${rel}`);
}
if (worst > 100 * 1024) {
  console.error("An image is over the 100 KB limit.");
  process.exitCode = 1;
}
