// One Zod schema, checked the same in the page and the action (0029); no coercion: an empty field stays "".
import { formatPaths, parse, type Submission } from "@conform-to/dom";
import { safeParse, type $ZodType, type output } from "zod/v4/core";

// Zod's own messages are English: a check added without an Indonesian one says this instead.
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
