/** A form's messages as Conform's replies carry them (docs/decisions/0029-one-form-pattern.md). */
import type { SubmissionResult } from "@conform-to/dom";

/** Each field's messages by name ("" for the form's own), as Conform's replies carry them. */
export type FieldErrors = Record<string, string[] | null>;

/** The first message of a check: the form's own, else the first field's. */
export const firstMessage = (error: FieldErrors | null | undefined) =>
  error?.[""]?.[0] ?? Object.values(error ?? {}).find((messages) => messages?.length)?.[0];

/** Each field's first message, for fields that show one; none when the reply has none. */
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
