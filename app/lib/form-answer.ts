// What a form's action answers, typed once for the action and the page (0029).
import type { SubmissionResult } from "@conform-to/dom";

export const FETCH_MODE = { name: "mode", value: "fetch" } as const;

export type FormAnswer<Done extends object = object> =
  | ({
      status: "success";
      intent?: string;
      message?: string;
    } & Done)
  | {
      status: "error";
      intent?: string;
      message: string;
      result?: SubmissionResult<string[]>;
    };

export function firstMessages(result: SubmissionResult<string[]> | undefined) {
  if (!result?.error) return undefined;
  const messages: Record<string, string> = {};
  for (const [name, list] of Object.entries(result.error)) if (name && list?.[0]) messages[name] = list[0];
  return messages;
}

export const sentBack = (result: SubmissionResult<string[]> | undefined): Record<string, string> =>
  Object.fromEntries(
    Object.entries(result?.initialValue ?? {}).filter(
      (entry): entry is [string, string] => typeof entry[1] === "string",
    ),
  );
