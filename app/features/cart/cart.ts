// Cart rules, pure, for the server and the pages (0018, 0023).
import { formatRupiah } from "../../lib/format.ts";
import { singleLine } from "../../lib/single-line.ts";
import { groupLevelFamilies, isSpiceLevel, type LevelChoice } from "../catalog/spice-levels.ts";

// Its own module: the root reads it on every page, without the rest of this one (decision 0042).
export { CART_STORAGE_KEY } from "./stored-cart-key.ts";
export const MAX_QUANTITY = 99;
export const MAX_LINES = 50;
export const MAX_NOTE_LENGTH = 100;

export interface CartLine {
  id: string;
  // As the customer last saw them.
  nama: string;
  harga: number;
  jumlah: number;
  // The item's own level in its family; absent for items without levels.
  level?: number;
  catatan?: string;
  // false once the customer was told it is sold out.
  tersedia?: false;
}

export interface CartItem {
  id: string;
  nama: string;
  harga: number;
  level?: number;
}

export interface CatalogEntry {
  id: string;
  nama: string;
  harga: number;
  gambar: string;
  tersedia: boolean;
  level_family?: string | null;
  level?: number | null;
}

export type LineProblem = "hilang" | "habis" | "tanpa-level" | "pilih-level";

// `pilih-level`: a level that is not the item's own, stored when any level went with any noodle.
export function lineProblem(
  line: { level?: number | null },
  entry: CatalogEntry | undefined,
): LineProblem | null {
  if (!entry) return "hilang";
  if (!entry.tersedia) return "habis";
  const level = line.level ?? entry.level ?? null;
  if (level === (entry.level ?? null)) return null;
  return entry.level === null || entry.level === undefined ? "tanpa-level" : "pilih-level";
}

export interface CartLineView {
  key: string;
  id: string;
  nama: string;
  harga: number;
  jumlah: number;
  level?: number;
  catatan: string;
  gambar: string;
  takesLevel: boolean;
  levels: LevelChoice[];
  problem: LineProblem | null;
}

export const lineKey = (line: { id: string; level?: number | null }) =>
  line.level === undefined || line.level === null ? line.id : `${line.id}#${line.level}`;

export const LINE_KEY_PATTERN = /^[a-z0-9][a-z0-9-]{0,99}(?:#[0-5])?$/;

const isText = (value: unknown, max: number): value is string =>
  typeof value === "string" && value.length > 0 && value.length <= max;

const isPrice = (value: unknown): value is number =>
  typeof value === "number" && Number.isInteger(value) && value > 0 && value <= 100_000_000;

// A note as the kitchen reads it; the server applies the same rule.
export function cleanNote(value: unknown): string {
  return draftNote(value).replace(/\s+/g, " ").trim();
}

// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g;

export const normalizeNote = (value: string) => singleLine(value);

export function draftNote(value: unknown): string {
  if (typeof value !== "string") return "";
  const flat = value.replace(CONTROL_CHARACTERS, " ");
  return Array.from(flat).slice(0, MAX_NOTE_LENGTH).join("");
}

function withExtras(line: CartLine, level: number | undefined, catatan: string): CartLine {
  const { level: _level, catatan: _catatan, ...base } = line;
  return {
    ...base,
    ...(level === undefined ? {} : { level }),
    ...(catatan ? { catatan } : {}),
  };
}

function readStoredLine(value: unknown): CartLine | null {
  if (typeof value !== "object" || value === null) return null;
  const line = value as Record<string, unknown>;
  if (!isText(line.id, 100) || !isText(line.nama, 200) || !isPrice(line.harga)) return null;
  const jumlah = line.jumlah;
  if (typeof jumlah !== "number" || !Number.isInteger(jumlah) || jumlah < 1) return null;
  return withExtras(
    { id: line.id, nama: line.nama, harga: line.harga, jumlah: Math.min(jumlah, MAX_QUANTITY) },
    isSpiceLevel(line.level) ? line.level : undefined,
    cleanNote(line.catatan),
  );
}

// Corrupt JSON or lines of the wrong shape never throw: the bad parts are dropped.
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
    const line = readStoredLine(entry);
    if (line) lines = mergeLine(lines, line);
  }
  return lines.slice(0, MAX_LINES);
}

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

export function addItem(lines: CartLine[], item: CartItem, jumlah = 1): CartLine[] {
  const line: CartLine = { id: item.id, nama: item.nama, harga: item.harga, jumlah };
  return mergeLine(lines, withExtras(line, isSpiceLevel(item.level) ? item.level : undefined, ""));
}

export const mergeCarts = (lines: CartLine[], other: readonly CartLine[]): CartLine[] =>
  other.reduce(mergeLine, lines);

export function setQuantity(lines: CartLine[], key: string, jumlah: number): CartLine[] {
  const bounded = Math.min(Math.max(Math.trunc(jumlah), 1), MAX_QUANTITY);
  return lines.map((line) => (lineKey(line) === key ? { ...line, jumlah: bounded } : line));
}

export const increase = (lines: CartLine[], key: string) =>
  lines.map((line) =>
    lineKey(line) === key ? { ...line, jumlah: Math.min(line.jumlah + 1, MAX_QUANTITY) } : line,
  );

export const decrease = (lines: CartLine[], key: string) =>
  lines.map((line) => (lineKey(line) === key ? { ...line, jumlah: Math.max(line.jumlah - 1, 1) } : line));

export function removeItem(lines: CartLine[], key: string): CartLine[] {
  return lines.filter((line) => lineKey(line) !== key);
}

export function setNote(lines: CartLine[], key: string, catatan: string): CartLine[] {
  return lines.map((line) =>
    lineKey(line) === key ? withExtras(line, line.level, cleanNote(catatan)) : line,
  );
}

export function switchLevel(lines: CartLine[], key: string, item: CartItem): CartLine[] {
  const line = lines.find((entry) => lineKey(entry) === key);
  if (!line || !isSpiceLevel(item.level)) return lines;
  const { tersedia: _seen, ...rest } = line;
  const moved = withExtras(
    { ...rest, id: item.id, nama: item.nama, harga: item.harga },
    item.level,
    line.catatan ?? "",
  );
  if (lineKey(moved) === key && moved.harga === line.harga && moved.nama === line.nama) return lines;
  const others = lines.filter((entry) => entry !== line);
  if (others.some((entry) => lineKey(entry) === lineKey(moved))) return mergeLine(others, moved);
  return lines.map((entry) => (entry === line ? moved : entry));
}

export function withoutOrdered(
  lines: CartLine[],
  ordered: readonly { key: string; jumlah: number }[],
): CartLine[] {
  const taken = new Map<string, number>();
  for (const { key, jumlah } of ordered) taken.set(key, (taken.get(key) ?? 0) + jumlah);
  return lines.flatMap((line) => {
    const left = line.jumlah - (taken.get(lineKey(line)) ?? 0);
    return left > 0 ? [{ ...line, jumlah: left }] : [];
  });
}

// Portions added after the checkout are never taken by it (0053).
export function lowerOwed(owed: Readonly<Record<string, number>>, lines: readonly CartLine[]) {
  const held = new Map<string, number>();
  for (const line of lines) held.set(lineKey(line), (held.get(lineKey(line)) ?? 0) + line.jumlah);
  const left: Record<string, number> = {};
  for (const [key, jumlah] of Object.entries(owed)) {
    const kept = Math.min(jumlah, held.get(key) ?? 0);
    if (kept > 0) left[key] = kept;
  }
  return left;
}

export const lineSubtotal = (line: { harga: number; jumlah: number }) => line.harga * line.jumlah;
// The header's count is what can be ordered now: a sold-out line stays in the cart, uncounted.
export const cartCount = (lines: readonly CartLineView[]) =>
  lines.reduce((sum, line) => (line.problem === "habis" ? sum : sum + line.jumlah), 0);
export const orderableCount = (
  lines: readonly Pick<CartLine, "id" | "jumlah">[],
  menu: ReadonlyMap<string, Pick<CatalogEntry, "tersedia">>,
) => lines.reduce((sum, line) => (menu.get(line.id)?.tersedia ? sum + line.jumlah : sum), 0);
export const cartTotal = (lines: readonly CartLineView[]) =>
  lines.reduce((sum, line) => (line.problem === "habis" ? sum : sum + lineSubtotal(line)), 0);

// The order is recorded only while the cart still says the same (another tab may have changed it).
export const cartFingerprint = (lines: readonly CartLineView[]) =>
  lines
    .filter((line) => line.problem !== "habis")
    .map((line) => `${line.key}*${line.jumlah}*${line.harga}`)
    .join(",");

interface Reconciled {
  lines: CartLine[];
  view: CartLineView[];
  notices: string[];
  changed: boolean;
}

// A gone item is dropped; a changed price, a sold-out item and one back are announced once; a sold-out
// line stays, out of the order; a level that is not the item's own stays, flagged: nobody reprices.
export function reconcile(lines: readonly CartLine[], catalog: readonly CatalogEntry[]): Reconciled {
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
    const wasAvailable = line.tersedia !== false;
    let harga = line.harga;
    if (!entry.tersedia) {
      if (wasAvailable) notices.push(`${entry.nama} sedang habis dan tidak ikut dipesan.`);
    } else {
      if (!wasAvailable) notices.push(`${entry.nama} tersedia lagi.`);
      if (entry.harga !== line.harga) {
        notices.push(
          `Harga ${entry.nama} berubah dari ${formatRupiah(line.harga)} menjadi ${formatRupiah(entry.harga)}.`,
        );
      }
      harga = entry.harga;
    }
    const ownLevel = entry.level ?? undefined;
    let level = line.level;
    if (ownLevel === undefined && level !== undefined) {
      notices.push(`${entry.nama} tidak lagi memakai pilihan level pedas; levelnya dihapus dari keranjang.`);
      level = undefined;
    } else if (ownLevel !== undefined && level === undefined) {
      level = ownLevel;
    }
    const updated = withExtras(
      {
        id: line.id,
        nama: entry.nama,
        harga,
        jumlah: line.jumlah,
        ...(entry.tersedia ? {} : { tersedia: false }),
      },
      level,
      line.catatan ?? "",
    );
    if (
      updated.nama !== line.nama ||
      updated.harga !== line.harga ||
      updated.level !== line.level ||
      updated.tersedia !== line.tersedia
    ) {
      changed = true;
    }
    next = updated.level !== line.level ? mergeLine(next, updated) : [...next, updated];
  }
  const families = groupLevelFamilies(catalog);
  const view = next.map((line): CartLineView => {
    const entry = byId.get(line.id)!;
    const levels = entry.level_family ? (families.get(entry.level_family) ?? []) : [];
    const takesLevel = levels.length > 0;
    return {
      key: lineKey(line),
      id: line.id,
      nama: entry.nama,
      harga: entry.harga,
      jumlah: line.jumlah,
      ...(line.level === undefined ? {} : { level: line.level }),
      catatan: line.catatan ?? "",
      gambar: entry.gambar,
      takesLevel,
      levels,
      problem: lineProblem(line, entry),
    };
  });
  return { lines: next, view, notices, changed };
}
