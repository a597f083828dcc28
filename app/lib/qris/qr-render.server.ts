// QR codes drawn on the server, so a page shows one without JavaScript (0033).
import encodeQR from "@paulmillr/qr";
import { loadSharp } from "../sharp.server.ts";

/** ISO/IEC 18004 asks for four light modules around the symbol. */
const QUIET_ZONE = 4;

function symbol(text: string) {
  const rows = encodeQR(text, "raw", { ecc: "medium", border: 0 });
  return { size: rows.length, get: (x: number, y: number) => rows[y]?.[x] === true };
}

function darkRuns(code: ReturnType<typeof symbol>): string {
  let path = "";
  for (let y = 0; y < code.size; y++) {
    for (let x = 0; x < code.size; x++) {
      if (!code.get(x, y)) continue;
      const start = x;
      while (code.get(x + 1, y)) x++;
      path += `M${start + QUIET_ZONE} ${y + QUIET_ZONE}h${x + 1 - start}v1h${start - x - 1}z`;
    }
  }
  return path;
}

export function qrSvg(text: string): string {
  const code = symbol(text);
  const side = code.size + 2 * QUIET_ZONE;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${side} ${side}" shape-rendering="crispEdges">` +
    `<rect width="${side}" height="${side}" fill="#fff"/><path fill="#000" d="${darkRuns(code)}"/></svg>`
  );
}

export async function qrPng(text: string, scale = 8): Promise<Buffer> {
  const code = symbol(text);
  const side = (code.size + 2 * QUIET_ZONE) * scale;
  const pixels = Buffer.alloc(side * side, 0xff);
  for (let y = 0; y < side; y++) {
    for (let x = 0; x < side; x++) {
      if (code.get(Math.floor(x / scale) - QUIET_ZONE, Math.floor(y / scale) - QUIET_ZONE)) {
        pixels[y * side + x] = 0;
      }
    }
  }
  const sharp = await loadSharp();
  return sharp(pixels, { raw: { width: side, height: side, channels: 1 } })
    .png()
    .toBuffer();
}
