// Cart notes being typed, kept per tab in sessionStorage until the server has them (0018).
import { noteField } from "./cart-form.ts";

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

// Before the lines' own code has come: a checkout tapped first sends them too.
export function restoreNoteDrafts(form: HTMLFormElement) {
  for (const [lineKey, note] of Object.entries(read())) {
    const input = form.elements.namedItem(noteField(lineKey));
    if (input instanceof HTMLInputElement && input.value === input.defaultValue) input.value = note;
  }
}
