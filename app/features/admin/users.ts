/** The user list's input rules, shared by the page (browser) and its loader (server). */

/** Longest search text taken from the box; longer input is cut, not refused. */
export const USER_SEARCH_MAX = 100;

/** The search text as the list uses it: trimmed, at most USER_SEARCH_MAX characters. */
export function normalizeUserQuery(raw: string | null | undefined): string {
  // U+0000 cannot be in PostgreSQL text (nor in a name or an e-mail): dropped.
  return (raw ?? "").replaceAll("\u0000", "").trim().slice(0, USER_SEARCH_MAX);
}

/** A page number from the address bar: a whole number ≥ 1, anything else is page 1. */
export function parsePageNumber(raw: string | null | undefined): number {
  const value = Number(raw);
  return Number.isSafeInteger(value) && value >= 1 ? value : 1;
}
