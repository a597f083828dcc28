/** Each field's messages by name ("" for the form's own), as Conform's replies carry them (0029). */
export type FieldErrors = Record<string, string[] | null>;

export const firstMessage = (error: FieldErrors | null | undefined) =>
  error?.[""]?.[0] ?? Object.values(error ?? {}).find((messages) => messages?.length)?.[0];
