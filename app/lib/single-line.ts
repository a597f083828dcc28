/**
 * Text from a person as it is stored and shown (issues #20, #26). Every stored field loses its
 * invisible format characters (`withoutInvisible`: forms through lib/form-schema.ts, the
 * checkout's details, notes, names, reasons, messages); a one-line field (a name, a note, an
 * item name, the brand) is also made safe to place inside a line of a message someone else reads,
 * such as the WhatsApp order text (`singleLine`): it stays one line and cannot fake the lines
 * around it.
 *
 * - Line breaks of every kind (controls, NEL, U+2028/2029) become spaces.
 * - Invisible format characters are dropped: bidi embeddings, overrides, isolates and marks
 *   (they reorder the text after them), zero-width space, word joiner, BOM, soft hyphen. The
 *   zero-width joiners (U+200C/U+200D) stay: emoji and several scripts need them, and they
 *   neither move nor hide text.
 * - Blank characters that are not Unicode spaces (Hangul fillers, braille blank) count as spaces;
 *   runs of spaces become one, so nothing can push text onto a new line of the chat bubble.
 * - More than three combining marks on one letter are dropped (stacked marks draw over the lines
 *   above and below; no language needs more than three).
 * Browser-safe: the registration form and the order message use the same rule.
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
