/**
 * Text from a person as stored and shown: `withoutInvisible` for every stored field, `singleLine`
 * for a one-line field placed inside a message someone else reads
 * (docs/decisions/0017-input-limits-and-edges.md). Browser-safe.
 */
const BREAKS = /[\p{Cc}\p{Zl}\p{Zp}]/gu;
const INVISIBLE = /(?![\u200c\u200d])\p{Cf}/gu;
const BLANKS = /[\u115f\u1160\u3164\uffa0\u2800]/g;
const STACKED_MARKS = /(\p{M}{3})\p{M}+/gu;

/** Without the invisible format characters (line breaks stay): for text of several lines. */
export const withoutInvisible = (value: string) => value.replace(INVISIBLE, "");

export function singleLine(value: string): string {
  return withoutInvisible(value)
    .replace(BREAKS, " ")
    .replace(BLANKS, " ")
    .replace(STACKED_MARKS, "$1")
    .replace(/\s+/g, " ")
    .trim();
}
