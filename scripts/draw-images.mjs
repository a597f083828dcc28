// Draws the illustrations in code (SVG in scripts/draw-images/) into public/images/, the icons and
// og-image.jpg with sharp. Arguments pick some: path words, `icons`, `admin`.
// Run with Node 24 (`. scripts/node24.sh`): node scripts/draw-images.mjs [which]
import { mkdir, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";
import { SMALLER_WIDTHS, smallerCopy } from "../app/features/media/images.ts";
import { palette } from "./draw-images/palette.mjs";
import { menuNoodleBowl, esTehJumbo, esNyala, pangsitGoreng } from "./draw-images/menu.mjs";
import { slide } from "./draw-images/slides.mjs";
import { twoBowlsFreeTea, mondayDiscount, studentPackage } from "./draw-images/promos.mjs";
import { hero } from "./draw-images/hero.mjs";
import { logoSvg, icoFromPngs } from "./draw-images/icons.mjs";
import { adminIconSvg, badgeSvg } from "./draw-images/admin-app.mjs";
import { openGraphImage } from "./draw-images/open-graph.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const inPublic = (file) => path.join(root, "public", file);

const written = [];
async function save(file, buffer) {
  const target = inPublic(file);
  await mkdir(path.dirname(target), { recursive: true });
  await writeFile(target, buffer);
  written.push(file);
}

const pictures = [
  ["images/menu/mie-nyala-level-1.webp", () => menuNoodleBowl(1)],
  ["images/menu/mie-nyala-level-2.webp", () => menuNoodleBowl(2)],
  ["images/menu/mie-nyala-level-3.webp", () => menuNoodleBowl(3)],
  ["images/menu/es-teh-jumbo.webp", esTehJumbo],
  ["images/menu/es-nyala.webp", esNyala],
  ["images/menu/pangsit-goreng.webp", pangsitGoreng],
  ["images/slides/slide-1.webp", () => slide(1)],
  ["images/slides/slide-2.webp", () => slide(2)],
  ["images/slides/slide-3.webp", () => slide(3)],
  ["images/promo/promo-1.webp", twoBowlsFreeTea],
  ["images/promo/promo-2.webp", mondayDiscount],
  ["images/promo/promo-3.webp", studentPackage],
  ["images/hero.webp", hero],
];

const fullWebp = (svg) =>
  sharp(Buffer.from(svg)).webp({ quality: 78, effort: 6, smartSubsample: true }).toBuffer();

/** The smaller copies pages use for small slots (app/features/media/images.ts), drawn at their own size. */
const pictureKind = (file) => (file === "images/hero.webp" ? "hero" : file.split("/")[1].replace(/s$/, ""));
const smallerWebp = (svg, width) =>
  sharp(Buffer.from(svg)).resize({ width }).webp({ quality: 78, effort: 6, smartSubsample: true }).toBuffer();

const filters = process.argv.slice(2);
for (const [file, draw] of pictures) {
  if (filters.length && !filters.some((filter) => file.includes(filter))) continue;
  const svg = draw();
  await save(file, await fullWebp(svg));
  for (const width of SMALLER_WIDTHS[pictureKind(file)] ?? []) {
    await save(smallerCopy(`/${file}`, width).slice(1), await smallerWebp(svg, width));
  }
}
if (!filters.length || filters.includes("icons")) {
  const favicon = logoSvg(64);
  await save("favicon.svg", `${favicon}\n`);
  await save("images/logo.svg", `${favicon}\n`);
  const png = (size, background) =>
    sharp(Buffer.from(logoSvg(size, background)))
      .png({ compressionLevel: 9 })
      .toBuffer();
  await save(
    "favicon.ico",
    icoFromPngs([
      { size: 16, png: await png(16) },
      { size: 32, png: await png(32) },
    ]),
  );
  await save("apple-touch-icon.png", await png(180, palette.cream));
  await save(
    "og-image.jpg",
    await sharp(Buffer.from(openGraphImage())).jpeg({ quality: 78, mozjpeg: true }).toBuffer(),
  );
}

if (!filters.length || filters.includes("admin")) {
  const png = (svg) => sharp(Buffer.from(svg)).png({ compressionLevel: 9 }).toBuffer();
  for (const size of [192, 512]) {
    await save(`images/admin-app/icon-${size}.png`, await png(adminIconSvg(size)));
    await save(
      `images/admin-app/icon-maskable-${size}.png`,
      await png(adminIconSvg(size, { maskable: true })),
    );
  }
  await save("images/admin-app/badge-96.png", await png(badgeSvg(96)));
}

let largest = 0;
for (const file of written) {
  const { size } = await stat(inPublic(file));
  largest = Math.max(largest, size);
  console.log(`${(size / 1024).toFixed(1).padStart(6)} KB  public/${file}`);
}
if (largest > 100 * 1024) {
  console.error("An image is over the 100 KB limit.");
  process.exitCode = 1;
}
