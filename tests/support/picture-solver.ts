import { GLYPHS } from "../../app/features/accounts/captcha-picture.server.ts";

/**
 * The program of issue #26 item 5, as an attacker writes it: no key, only the picture. It takes
 * the SVG's stroke paths (the noise is curves), groups them by digit slot, and fits each group to
 * every glyph of the same shape with a similarity transform (scale, rotation, shift: least
 * squares in complex numbers); the glyph that fits best is the digit.
 */
type Point = { re: number; im: number };

const SLOT_LEFT = 27;
const SLOT_WIDTH = 36;

function strokes(svg: string): Point[][] {
  return [...svg.matchAll(/<path d="M([^"C]+)"/g)].map(([, d]) =>
    d!.split(" L").map((pair) => {
      const [x, y] = pair.trim().split(" ").map(Number);
      return { re: x!, im: y! };
    }),
  );
}

/** The residual of the best similarity transform taking `from` onto `to` (same length). */
function misfit(from: Point[], to: Point[]): number {
  const mean = (points: Point[]) => ({
    re: points.reduce((sum, p) => sum + p.re, 0) / points.length,
    im: points.reduce((sum, p) => sum + p.im, 0) / points.length,
  });
  const [mf, mt] = [mean(from), mean(to)];
  const a = from.map((p) => ({ re: p.re - mf.re, im: p.im - mf.im }));
  const b = to.map((p) => ({ re: p.re - mt.re, im: p.im - mt.im }));
  // scale·rotation = Σ conj(a)·b / Σ |a|²
  let re = 0;
  let im = 0;
  let norm = 0;
  a.forEach((p, i) => {
    re += p.re * b[i]!.re + p.im * b[i]!.im;
    im += p.re * b[i]!.im - p.im * b[i]!.re;
    norm += p.re ** 2 + p.im ** 2;
  });
  [re, im] = [re / norm, im / norm];
  return a.reduce((sum, p, i) => {
    const fitted = { re: p.re * re - p.im * im, im: p.re * im + p.im * re };
    return sum + (fitted.re - b[i]!.re) ** 2 + (fitted.im - b[i]!.im) ** 2;
  }, 0);
}

function readDigit(group: Point[][]): string | null {
  const shape = group.map((stroke) => stroke.length).join(",");
  let best: { digit: string; error: number } | null = null;
  for (const [digit, glyph] of Object.entries(GLYPHS)) {
    if (glyph.map((stroke) => stroke.length).join(",") !== shape) continue;
    const from = glyph.flat().map(([x, y]) => ({ re: x!, im: y! }));
    const error = misfit(from, group.flat());
    if (!best || error < best.error) best = { digit, error };
  }
  return best?.digit ?? null;
}

/** The digits of a login picture (`data:image/svg+xml;base64,…`), or null when it cannot tell. */
export function readPicture(dataUrl: string): string | null {
  const svg = Buffer.from(dataUrl.slice(dataUrl.indexOf(",") + 1), "base64").toString();
  const slots: Point[][][] = [];
  for (const stroke of strokes(svg)) {
    const x = stroke.reduce((sum, p) => sum + p.re, 0) / stroke.length;
    (slots[Math.round((x - SLOT_LEFT) / SLOT_WIDTH)] ??= []).push(stroke);
  }
  const digits = Array.from(slots, (group) => (group ? readDigit(group) : null));
  return digits.length === 5 && digits.every(Boolean) ? digits.join("") : null;
}
