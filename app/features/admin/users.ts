/** The user list's input rules, shared by the page (browser) and its loader (server). */

/** Longer input is cut, not refused. */
export const USER_SEARCH_MAX = 100;

export function normalizeUserQuery(raw: string | null | undefined): string {
  // U+0000 cannot be in PostgreSQL text (nor in a name or an e-mail): dropped.
  return (raw ?? "").replaceAll("\u0000", "").trim().slice(0, USER_SEARCH_MAX);
}

export function parsePageNumber(raw: string | null | undefined): number {
  const value = Number(raw);
  return Number.isSafeInteger(value) && value >= 1 ? value : 1;
}
