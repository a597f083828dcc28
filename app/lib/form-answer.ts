/**
 * What a form's action answers, typed once for the action (form-action.server.ts) and the page
 * (use-enhanced-form.ts). docs/decisions/0029-one-form-pattern.md
 */
import type { SubmissionResult } from "@conform-to/dom";

/**
 * The field a page's JavaScript adds when it sends a form through a fetcher: it reads the answer
 * as data and moves on by itself, where a plain POST that succeeded is redirected.
 */
export const FETCH_MODE = { name: "mode", value: "fetch" } as const;

export type FormAnswer<Done extends object = object> =
  | ({
      status: "success";
      /** Which of the page's forms answered, where it has several (`create`, `kategori-baru`). */
      intent?: string;
      /** What was done, in Indonesian. */
      message?: string;
    } & Done)
  | {
      status: "error";
      intent?: string;
      /** Why not, in Indonesian. */
      message: string;
      /** Conform's reply: each field's messages and the values to show again (none for a row's button). */
      result?: SubmissionResult<string[]>;
    };

/** A refusal's first message of each field, for fields that show one; none without a reply. */
export function firstMessages(result: SubmissionResult<string[]> | undefined) {
  if (!result?.error) return undefined;
  const messages: Record<string, string> = {};
  for (const [name, list] of Object.entries(result.error)) if (name && list?.[0]) messages[name] = list[0];
  return messages;
}

/** The text values a refusal sends back to refill its form. */
export const sentBack = (result: SubmissionResult<string[]> | undefined): Record<string, string> =>
  Object.fromEntries(
    Object.entries(result?.initialValue ?? {}).filter(
      (entry): entry is [string, string] => typeof entry[1] === "string",
    ),
  );
