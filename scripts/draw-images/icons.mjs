import { C } from "./palette.mjs";

export const MARK = `<path d="M32 61C17.6 61 9 51.4 9 39.6 9 29.6 15.2 22.6 21.2 13.6 22.4 20.4 25.4 24.4 29.4 25.6 28.4 15.4 33.4 6.8 42.8 2.6 40.6 12 44.2 18.4 49.4 25.4 53.2 30.6 55 35 55 40.4 55 52 45.6 61 32 61Z" fill="${C.red}"/>
<path d="M32 55.4C25.4 55.4 21.4 50.8 21.4 45.2 21.4 39.6 25 35.8 28 31.4 29 35.6 31 37.4 33.6 38 33.6 33.4 35.6 29.6 39.6 27.2 39.4 32.2 42.6 35.6 42.6 42.6 42.6 50 38.2 55.4 32 55.4Z" fill="${C.saffron}"/>`;
export const markSvg = (size, background) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 64 64">${
    background
      ? `<rect width="64" height="64" fill="${background}"/><g transform="translate(11 10) scale(.66)">`
      : "<g>"
  }${MARK}</g></svg>`;

/** ICO container holding PNG images (Vista+ format). */
export function icoFromPngs(entries) {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(entries.length, 4);
  const dir = Buffer.alloc(16 * entries.length);
  let offset = 6 + 16 * entries.length;
  entries.forEach(({ size, png }, i) => {
    const o = i * 16;
    dir.writeUInt8(size >= 256 ? 0 : size, o);
    dir.writeUInt8(size >= 256 ? 0 : size, o + 1);
    dir.writeUInt8(0, o + 2);
    dir.writeUInt8(0, o + 3);
    dir.writeUInt16LE(1, o + 4);
    dir.writeUInt16LE(32, o + 6);
    dir.writeUInt32LE(png.length, o + 8);
    dir.writeUInt32LE(offset, o + 12);
    offset += png.length;
  });
  return Buffer.concat([header, dir, ...entries.map((e) => e.png)]);
}
