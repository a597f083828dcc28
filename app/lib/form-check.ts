/**
 * A form checked against its one Zod schema, the same function in the page and in the action
 * (docs/decisions/0029-one-form-pattern.md): Conform's reading of the form, Zod's core parser, so a
 * `zod/mini` schema costs the page no more than it needs. No coercion: an empty field stays "".
 */
import { formatPaths, parse, type Submission } from "@conform-to/dom";
import { safeParse, type $ZodType, type output } from "zod/v4/core";

/** Zod's own messages are English: a check added without an Indonesian one says this instead. */
export const FALLBACK_MESSAGE = "Isian tidak valid. Periksa lagi lalu kirim ulang.";

export const fallbackMessage = () => FALLBACK_MESSAGE;

export function validateForm<T extends $ZodType>(
  formData: FormData | URLSearchParams,
  schema: T,
): Submission<output<T>, string[]> {
  return parse(formData, {
    resolve(payload) {
      const result = safeParse(schema, payload, { error: fallbackMessage });
      if (result.success) return { value: result.data };
      const error: Record<string, string[]> = {};
      for (const issue of result.error.issues) {
        (error[formatPaths(issue.path as (string | number)[])] ??= []).push(issue.message);
      }
      return { error };
    },
  });
}
