/**
 * Cart logic, pure and shared: what a line is, how quantities move, how a stored cart is read
 * back, and how it is re-checked against the current price list.
 *
 * A line is one item at one spice level: the same noodles at Level 1 and Level 3 are two lines.
 * Stored format (localStorage `keranjang`): an array of `{id, nama, harga, jumlah, gambar}`, plus
 * `level` (0–5) on lines that have one and `catatan` on lines with a note. Carts stored before
 * levels and notes existed have neither field and load unchanged.
 */
import { formatRupiah } from "../../lib/format.ts";
import { isSpiceLevel } from "../catalog/spice-levels.ts";

export const CART_STORAGE_KEY = "keranjang";
export const MAX_QUANTITY = 99;
export const MAX_LINES = 50;
export const MAX_NOTE_LENGTH = 100;

export interface CartLine {
  id: string;
  nama: string;
  harga: number;
  jumlah: number;
  gambar: string;
  /** Spice level 0–5; absent for items without levels (and for old lines not yet chosen). */
  level?: number;
  /** The customer's note for the kitchen; absent when empty. */
  catatan?: string;
}

export type CartItem = Omit<CartLine, "jumlah" | "catatan">;

export interface CatalogEntry {
  id: string;
  nama: string;
  harga: number;
  gambar: string;
  tersedia: boolean;
  /** The item is cooked to a spice level the customer must choose. */
  takes_level?: boolean;
}

/** What identifies a line: the item and its level. */
export const lineKey = (line: { id: string; level?: number | null }) =>
  line.level === undefined || line.level === null ? line.id : `${line.id}#${line.level}`;

const isText = (value: unknown, max: number): value is string =>
  typeof value === "string" && value.length > 0 && value.length <= max;

const isPrice = (value: unknown): value is number =>
  typeof value === "number" && Number.isInteger(value) && value > 0 && value <= 100_000_000;

/** Only the app's own images: a path on this site, never another origin or a `javascript:` URL. */
const safeImage = (value: unknown) =>
  typeof value === "string" && /^\/(?!\/)[\w\-./]*$/.test(value) ? value : "";

/**
 * A note as the kitchen will read it: control characters and line breaks become spaces, runs of
 * spaces one, and at most MAX_NOTE_LENGTH characters. The server applies the same rule.
 */
export function cleanNote(value: unknown): string {
  return draftNote(value).replace(/\s+/g, " ").trim();
}

/** Control characters and line breaks as spaces (they would break the message's layout). */
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g;

/** `cleanNote` without the length cut, for the server, which refuses a long note instead. */
export const normalizeNote = (value: string) =>
  value.replace(CONTROL_CHARACTERS, " ").replace(/\s+/g, " ").trim();

/**
 * A note while it is being typed: the same characters as `cleanNote`, but spaces kept as typed
 * (so "tanpa " can become "tanpa sayur"). Lines store drafts; the order sends `cleanNote`.
 */
export function draftNote(value: unknown): string {
  if (typeof value !== "string") return "";
  const flat = value.replace(CONTROL_CHARACTERS, " ");
  return Array.from(flat).slice(0, MAX_NOTE_LENGTH).join("");
}

/** Reads one stored line, or `null` when it cannot be trusted. Quantities above 99 become 99. */
function readLine(value: unknown): CartLine | null {
  if (typeof value !== "object" || value === null) return null;
  const line = value as Record<string, unknown>;
  if (!isText(line.id, 100) || !isText(line.nama, 200) || !isPrice(line.harga)) return null;
  const jumlah = line.jumlah;
  if (typeof jumlah !== "number" || !Number.isInteger(jumlah) || jumlah < 1) return null;
  return withExtras(
    {
      id: line.id,
      nama: line.nama,
      harga: line.harga,
      jumlah: Math.min(jumlah, MAX_QUANTITY),
      gambar: safeImage(line.gambar),
    },
    isSpiceLevel(line.level) ? line.level : undefined,
    cleanNote(line.catatan),
  );
}

/** A line with its optional fields present only when set (the stored format stays minimal). */
function withExtras(line: CartLine, level: number | undefined, catatan: string): CartLine {
  const { level: _level, catatan: _catatan, ...base } = line;
  return {
    ...base,
    ...(level === undefined ? {} : { level }),
    ...(catatan ? { catatan } : {}),
  };
}

/**
 * Reads what localStorage holds. Corrupt JSON, a non-array, or lines of the wrong shape never
 * throw: the bad parts are dropped, and repeated lines (same item and level) are merged.
 */
export function parseStoredCart(raw: string | null | undefined): CartLine[] {
  if (!raw) return [];
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(value)) return [];
  let lines: CartLine[] = [];
  for (const entry of value.slice(0, MAX_LINES * 2)) {
    const line = readLine(entry);
    if (line) lines = mergeLine(lines, line);
  }
  return lines.slice(0, MAX_LINES);
}

/** Adds `line` to `lines`, or its quantity to the line with the same key (the first note stays). */
function mergeLine(lines: CartLine[], line: CartLine): CartLine[] {
  const key = lineKey(line);
  const existing = lines.find((entry) => lineKey(entry) === key);
  if (existing) {
    return lines.map((entry) =>
      entry === existing
        ? withExtras(
            { ...entry, jumlah: Math.min(entry.jumlah + line.jumlah, MAX_QUANTITY) },
            entry.level,
            entry.catatan || line.catatan || "",
          )
        : entry,
    );
  }
  if (lines.length >= MAX_LINES) return lines;
  return [...lines, { ...line, jumlah: Math.min(line.jumlah, MAX_QUANTITY) }];
}

/** One more of `item` (at `item.level`, if it has one). */
export function addItem(lines: CartLine[], item: CartItem): CartLine[] {
  const line: CartLine = { id: item.id, nama: item.nama, harga: item.harga, gambar: item.gambar, jumlah: 1 };
  return mergeLine(lines, withExtras(line, isSpiceLevel(item.level) ? item.level : undefined, ""));
}

export function increase(lines: CartLine[], key: string): CartLine[] {
  return lines.map((line) =>
    lineKey(line) === key ? { ...line, jumlah: Math.min(line.jumlah + 1, MAX_QUANTITY) } : line,
  );
}

/** Never below 1: removing a line is its own action. */
export function decrease(lines: CartLine[], key: string): CartLine[] {
  return lines.map((line) =>
    lineKey(line) === key ? { ...line, jumlah: Math.max(line.jumlah - 1, 1) } : line,
  );
}

export function removeItem(lines: CartLine[], key: string): CartLine[] {
  return lines.filter((line) => lineKey(line) !== key);
}

export function setNote(lines: CartLine[], key: string, catatan: string): CartLine[] {
  return lines.map((line) =>
    lineKey(line) === key ? withExtras(line, line.level, draftNote(catatan)) : line,
  );
}

/**
 * Moves a line to another spice level. If a line at that level exists already, the two become
 * one (quantities added, capped at 99), in the place of the existing one.
 */
export function setLevel(lines: CartLine[], key: string, level: number): CartLine[] {
  const line = lines.find((entry) => lineKey(entry) === key);
  if (!line || !isSpiceLevel(level)) return lines;
  const moved = withExtras(line, level, line.catatan ?? "");
  if (lineKey(moved) === key) return lines;
  const others = lines.filter((entry) => entry !== line);
  if (others.some((entry) => lineKey(entry) === lineKey(moved))) return mergeLine(others, moved);
  return lines.map((entry) => (entry === line ? moved : entry));
}

/**
 * The cart after an order was sent: the lines that went into it are gone; the others (sold-out
 * lines left out of the order) stay, to be ordered once they are back.
 */
export function withoutOrdered(lines: CartLine[], ordered: readonly CartLine[]): CartLine[] {
  const sent = new Set(ordered.map(lineKey));
  return lines.filter((line) => !sent.has(lineKey(line)));
}

export const lineSubtotal = (line: CartLine) => line.harga * line.jumlah;
export const cartTotal = (lines: readonly CartLine[]) =>
  lines.reduce((sum, line) => sum + lineSubtotal(line), 0);
export const cartCount = (lines: readonly CartLine[]) => lines.reduce((sum, line) => sum + line.jumlah, 0);

/** Why a line cannot be ordered right now. */
export type LineProblem = "habis" | "pilih-level";

/**
 * A line's problem against the current menu: its item is sold out (`habis`: flagged, left out of
 * the order), or it needs a spice level that was never chosen (a cart stored before levels).
 */
export function lineProblem(line: CartLine, catalog: ReadonlyMap<string, CatalogEntry>): LineProblem | null {
  const entry = catalog.get(line.id);
  if (!entry) return null; // reconcile() drops it
  if (!entry.tersedia) return "habis";
  if (entry.takes_level && line.level === undefined) return "pilih-level";
  return null;
}

interface Reconciled {
  lines: CartLine[];
  notices: string[];
  changed: boolean;
}

/**
 * Re-checks stored lines against the current catalog: a line whose item is gone is dropped, a
 * changed price or name is taken over, each with a notice the customer sees. A sold-out item
 * stays in the cart (flagged by `lineProblem`, left out of the order) with a notice, so it can
 * be ordered again once it is back. A level on an item that no longer takes one is dropped.
 */
export function reconcile(lines: CartLine[], catalog: readonly CatalogEntry[]): Reconciled {
  const byId = new Map(catalog.map((entry) => [entry.id, entry]));
  const notices: string[] = [];
  let changed = false;
  let next: CartLine[] = [];
  for (const line of lines) {
    const entry = byId.get(line.id);
    if (!entry) {
      notices.push(`${line.nama} sudah tidak ada di menu dan dihapus dari keranjang.`);
      changed = true;
      continue;
    }
    if (!entry.tersedia) {
      notices.push(`${entry.nama} sedang habis dan tidak ikut dipesan.`);
    } else if (entry.harga !== line.harga) {
      notices.push(
        `Harga ${entry.nama} berubah dari ${formatRupiah(line.harga)} menjadi ${formatRupiah(entry.harga)}.`,
      );
    }
    const level = entry.takes_level === false ? undefined : line.level;
    const updated = withExtras(
      { ...line, nama: entry.nama, harga: entry.harga, gambar: entry.gambar },
      level,
      line.catatan ?? "",
    );
    if (
      updated.nama !== line.nama ||
      updated.harga !== line.harga ||
      updated.gambar !== line.gambar ||
      updated.level !== line.level
    ) {
      changed = true;
    }
    next = updated.level !== line.level ? mergeLine(next, updated) : [...next, updated];
  }
  return { lines: next, notices, changed };
}
