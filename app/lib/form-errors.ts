/** A form's messages as Conform's replies carry them (docs/decisions/0029-one-form-pattern.md). */
/** Each field's messages by name ("" for the form's own), as Conform's replies carry them. */
export type FieldErrors = Record<string, string[] | null>;

/** The first message of a check: the form's own, else the first field's. */
export const firstMessage = (error: FieldErrors | null | undefined) =>
  error?.[""]?.[0] ?? Object.values(error ?? {}).find((messages) => messages?.length)?.[0];
