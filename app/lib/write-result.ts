import type { z } from "zod";

export type WriteResult<T = undefined> =
  | { ok: true; value: T }
  | {
      ok: false;
      status: 400 | 401 | 403 | 404 | 409 | 429;
      message: string;
      fieldErrors: Record<string, string>;
    };

export type Refusal = Extract<WriteResult, { ok: false }>;

export const written = <T>(value: T): WriteResult<T> => ({ ok: true, value });

export const refuse = (
  status: Refusal["status"],
  message: string,
  fieldErrors: Record<string, string> = {},
): Refusal => ({ ok: false, status, message, fieldErrors });

export function refusedBy(error: z.ZodError): Refusal {
  const fieldErrors: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? "");
    if (field && !fieldErrors[field]) fieldErrors[field] = issue.message;
  }
  return refuse(400, error.issues[0]?.message ?? "Isian tidak valid.", fieldErrors);
}
