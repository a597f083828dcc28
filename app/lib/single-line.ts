// withoutInvisible for every stored field, singleLine for one placed in a message someone else reads (0017).
const BREAKS = /[\p{Cc}\p{Zl}\p{Zp}]/gu;
const INVISIBLE = /(?![\u200c\u200d])\p{Cf}/gu;
const BLANKS = /[\u115f\u1160\u3164\uffa0\u2800]/g;
const STACKED_MARKS = /(\p{M}{3})\p{M}+/gu;

export const withoutInvisible = (value: string) => value.replace(INVISIBLE, "");

export function singleLine(value: string): string {
  return withoutInvisible(value)
    .replace(BREAKS, " ")
    .replace(BLANKS, " ")
    .replace(STACKED_MARKS, "$1")
    .replace(/\s+/g, " ")
    .trim();
}
