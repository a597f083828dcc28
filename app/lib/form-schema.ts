/**
 * Zod rules for fields as a browser posts them (strings, a missing key for an unticked box), each
 * with its own Indonesian message; forms are checked with them by form-check.ts.
 */
import { z } from "zod";
import { withoutInvisible } from "./single-line.ts";

/** A field as it is checked and stored: trimmed, without invisible characters (lib/single-line.ts). */
export const trimmed = (value: unknown) =>
  typeof value === "string" ? withoutInvisible(value).trim() : value;

/** A text field: trimmed, at most `max` characters; required when `required` names the message. */
export function textField(max: number, maxMessage: string, required?: string) {
  const base = z
    .string({ error: required ?? maxMessage })
    .refine((value) => Array.from(value).length <= max, maxMessage);
  return z.preprocess(
    (value) => trimmed(value ?? ""),
    required ? base.refine((value) => value.length > 0, required) : base,
  );
}

/** A trimmed text that `check` accepts ("" included when it says so), else `message`. */
export const checkedText = (message: string, check: (value: string) => boolean) =>
  z.preprocess((value) => trimmed(value ?? ""), z.string({ error: message }).refine(check, message));

/** A checkbox: present and "on"/"true"/"1" is true; absent is false. */
export const checkbox = z.preprocess(
  (value) => value === true || value === "on" || value === "true" || value === "1",
  z.boolean(),
);

/**
 * A whole number written by a person: `10000`, `10.000`, `Rp 10.000`, `Rp10.000`, `Rp. 10.000`.
 * A dot only groups thousands (`1.000.000`); decimals (`1000.00`, `8000,50`, `10.5`), a dot out
 * of place (`1.00.0`), a sign or a word give NaN, which the field refuses with its message.
 * (Dropping every dot read `1000.00` as 100000.)
 */
export function wholeNumber(value: unknown): unknown {
  if (typeof value === "number") return value;
  if (typeof value !== "string") return value;
  const written = value.trim().replace(/^rp\.?\s*/i, "");
  if (written === "") return undefined;
  if (!/^(?:\d{1,12}|\d{1,3}(?:\.\d{3}){1,3})$/.test(written)) return Number.NaN;
  return Number(written.replaceAll(".", ""));
}

/** A position in a list (0–99, smaller first); left empty it is 0. */
export const positionField = (message: string) =>
  z.preprocess(
    (value) => (value === undefined || value === "" ? 0 : wholeNumber(value)),
    z.number({ error: message }).int(message).min(0, message).max(99, message),
  );
