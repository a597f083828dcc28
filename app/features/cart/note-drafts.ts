/**
 * Notes being typed in the cart page, kept in sessionStorage until the server has them: a note is
 * saved when typing pauses, and a reload in that moment would otherwise lose it (the cart page
 * restores and saves a draft it finds). Per tab, gone with the tab; a draft is only ever the
 * customer's own text for their own line.
 */
const KEY = "keranjang-catatan";

function read(): Record<string, string> {
  try {
    const value: unknown = JSON.parse(window.sessionStorage.getItem(KEY) ?? "{}");
    return typeof value === "object" && value !== null ? (value as Record<string, string>) : {};
  } catch {
    return {};
  }
}

function write(drafts: Record<string, string>) {
  try {
    if (Object.keys(drafts).length === 0) window.sessionStorage.removeItem(KEY);
    else window.sessionStorage.setItem(KEY, JSON.stringify(drafts));
  } catch {
    // storage unavailable: the note is saved when typing pauses, as without drafts
  }
}

export function noteDraft(lineKey: string): string | null {
  const draft = read()[lineKey];
  return typeof draft === "string" ? draft : null;
}

export function saveNoteDraft(lineKey: string, note: string) {
  write({ ...read(), [lineKey]: note });
}

export function forgetNoteDraft(lineKey: string) {
  const drafts = read();
  if (!(lineKey in drafts)) return;
  delete drafts[lineKey];
  write(drafts);
}
