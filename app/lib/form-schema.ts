// Zod rules for fields as a browser posts them, each with its own Indonesian message.
import { z } from "zod";
import { withoutInvisible } from "./single-line.ts";

export const trimmed = (value: unknown) =>
  typeof value === "string" ? withoutInvisible(value).trim() : value;

export function textField(max: number, maxMessage: string, required?: string) {
  const base = z
    .string({ error: required ?? maxMessage })
    .refine((value) => Array.from(value).length <= max, maxMessage);
  return z.preprocess(
    (value) => trimmed(value ?? ""),
    required ? base.refine((value) => value.length > 0, required) : base,
  );
}

export const checkedText = (message: string, check: (value: string) => boolean) =>
  z.preprocess((value) => trimmed(value ?? ""), z.string({ error: message }).refine(check, message));

export const checkbox = z.preprocess(
  (value) => value === true || value === "on" || value === "true" || value === "1",
  z.boolean(),
);

// A dot only groups thousands (`1.000.000`); decimals, a misplaced dot, a sign or a word give NaN.
export function wholeNumber(value: unknown): unknown {
  if (typeof value === "number") return value;
  if (typeof value !== "string") return value;
  const written = value.trim().replace(/^rp\.?\s*/i, "");
  if (written === "") return undefined;
  if (!/^(?:\d{1,12}|\d{1,3}(?:\.\d{3}){1,3})$/.test(written)) return Number.NaN;
  return Number(written.replaceAll(".", ""));
}

export const positionField = (message: string) =>
  z.preprocess(
    (value) => (value === undefined || value === "" ? 0 : wholeNumber(value)),
    z.number({ error: message }).int(message).min(0, message).max(99, message),
  );
