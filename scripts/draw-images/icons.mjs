// The logo (a flame) as favicon.svg, images/logo.svg, favicon.ico and apple-touch-icon.png.
import { palette } from "./palette.mjs";

/** The two flame paths on a 64×64 grid: red outer flame, saffron inner one. */
export const FLAME_MARK = `<path d="M32 61C17.6 61 9 51.4 9 39.6 9 29.6 15.2 22.6 21.2 13.6 22.4 20.4 25.4 24.4 29.4 25.6 28.4 15.4 33.4 6.8 42.8 2.6 40.6 12 44.2 18.4 49.4 25.4 53.2 30.6 55 35 55 40.4 55 52 45.6 61 32 61Z" fill="${palette.red}"/>
<path d="M32 55.4C25.4 55.4 21.4 50.8 21.4 45.2 21.4 39.6 25 35.8 28 31.4 29 35.6 31 37.4 33.6 38 33.6 33.4 35.6 29.6 39.6 27.2 39.4 32.2 42.6 35.6 42.6 42.6 42.6 50 38.2 55.4 32 55.4Z" fill="${palette.saffron}"/>`;

/**
 * The logo at size px. With a background (apple-touch-icon) the flame shrinks to about two thirds, so
 * it keeps a margin inside the square tile that iOS rounds off at the corners.
 */
export const logoSvg = (size, background) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 64 64">${
    background
      ? `<rect width="64" height="64" fill="${background}"/><g transform="translate(11 10) scale(.66)">`
      : "<g>"
  }${FLAME_MARK}</g></svg>`;

/**
 * An ICO file holding PNG images (the format since Windows Vista, which every browser reads): a
 * 6-byte header, one 16-byte directory entry per image, then the PNGs themselves.
 */
export function icoFromPngs(entries) {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(0, 0); // reserved
  header.writeUInt16LE(1, 2); // type 1: icon
  header.writeUInt16LE(entries.length, 4);
  const directory = Buffer.alloc(16 * entries.length);
  let offset = 6 + 16 * entries.length;
  entries.forEach(({ size, png }, i) => {
    const at = i * 16;
    // Width and height are one byte each; 0 means 256.
    directory.writeUInt8(size >= 256 ? 0 : size, at);
    directory.writeUInt8(size >= 256 ? 0 : size, at + 1);
    directory.writeUInt8(0, at + 2); // no palette
    directory.writeUInt8(0, at + 3); // reserved
    directory.writeUInt16LE(1, at + 4); // colour planes
    directory.writeUInt16LE(32, at + 6); // bits per pixel
    directory.writeUInt32LE(png.length, at + 8);
    directory.writeUInt32LE(offset, at + 12);
    offset += png.length;
  });
  return Buffer.concat([header, directory, ...entries.map((entry) => entry.png)]);
}
