/**
 * Cart logic, pure and shared: what a line is, how quantities move, how a stored cart is read
 * back, and how it is re-checked against the current price list.
 */
import { formatRupiah } from "./format.ts";

export const CART_STORAGE_KEY = "keranjang";
export const MAX_QUANTITY = 99;
export const MAX_LINES = 50;

export interface CartLine {
  id: string;
  nama: string;
  harga: number;
  jumlah: number;
  gambar: string;
}

export interface CatalogEntry {
  id: string;
  nama: string;
  harga: number;
  gambar: string;
  tersedia: boolean;
}

const isText = (value: unknown, max: number): value is string =>
  typeof value === "string" && value.length > 0 && value.length <= max;

const isPrice = (value: unknown): value is number =>
  typeof value === "number" && Number.isInteger(value) && value > 0 && value <= 100_000_000;

/** Only the app's own images: a path on this site, never another origin or a `javascript:` URL. */
const safeImage = (value: unknown) =>
  typeof value === "string" && /^\/(?!\/)[\w\-./]*$/.test(value) ? value : "";

/** Reads one stored line, or `null` when it cannot be trusted. Quantities above 99 become 99. */
function readLine(value: unknown): CartLine | null {
  if (typeof value !== "object" || value === null) return null;
  const line = value as Record<string, unknown>;
  if (!isText(line.id, 100) || !isText(line.nama, 200) || !isPrice(line.harga)) return null;
  const jumlah = line.jumlah;
  if (typeof jumlah !== "number" || !Number.isInteger(jumlah) || jumlah < 1) return null;
  return {
    id: line.id,
    nama: line.nama,
    harga: line.harga,
    jumlah: Math.min(jumlah, MAX_QUANTITY),
    gambar: safeImage(line.gambar),
  };
}

/**
 * Reads what localStorage holds. Corrupt JSON, a non-array, or lines of the wrong shape never
 * throw: the bad parts are dropped, and repeated ids are merged.
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
    if (line) lines = addLine(lines, line, line.jumlah);
  }
  return lines.slice(0, MAX_LINES);
}

function addLine(lines: CartLine[], item: Omit<CartLine, "jumlah">, jumlah: number): CartLine[] {
  const existing = lines.find((line) => line.id === item.id);
  if (existing) {
    return lines.map((line) =>
      line.id === item.id ? { ...line, jumlah: Math.min(line.jumlah + jumlah, MAX_QUANTITY) } : line,
    );
  }
  if (lines.length >= MAX_LINES) return lines;
  return [
    ...lines,
    {
      id: item.id,
      nama: item.nama,
      harga: item.harga,
      gambar: item.gambar,
      jumlah: Math.min(jumlah, MAX_QUANTITY),
    },
  ];
}

export function addItem(lines: CartLine[], item: Omit<CartLine, "jumlah">): CartLine[] {
  return addLine(lines, item, 1);
}

export function increase(lines: CartLine[], id: string): CartLine[] {
  return lines.map((line) =>
    line.id === id ? { ...line, jumlah: Math.min(line.jumlah + 1, MAX_QUANTITY) } : line,
  );
}

/** Never below 1: removing a line is its own action. */
export function decrease(lines: CartLine[], id: string): CartLine[] {
  return lines.map((line) => (line.id === id ? { ...line, jumlah: Math.max(line.jumlah - 1, 1) } : line));
}

export function removeItem(lines: CartLine[], id: string): CartLine[] {
  return lines.filter((line) => line.id !== id);
}

export const lineSubtotal = (line: CartLine) => line.harga * line.jumlah;
export const cartTotal = (lines: readonly CartLine[]) =>
  lines.reduce((sum, line) => sum + lineSubtotal(line), 0);
export const cartCount = (lines: readonly CartLine[]) => lines.reduce((sum, line) => sum + line.jumlah, 0);

export interface Reconciled {
  lines: CartLine[];
  notices: string[];
  changed: boolean;
}

/**
 * Re-checks stored lines against the current catalog: a line whose item is gone or sold out is
 * dropped, a changed price or name is taken over, each with a notice the customer sees.
 */
export function reconcile(lines: CartLine[], catalog: readonly CatalogEntry[]): Reconciled {
  const byId = new Map(catalog.map((entry) => [entry.id, entry]));
  const notices: string[] = [];
  let changed = false;
  const next: CartLine[] = [];
  for (const line of lines) {
    const entry = byId.get(line.id);
    if (!entry) {
      notices.push(`${line.nama} sudah tidak ada di menu dan dihapus dari keranjang.`);
      changed = true;
      continue;
    }
    if (!entry.tersedia) {
      notices.push(`${entry.nama} sedang habis dan dihapus dari keranjang.`);
      changed = true;
      continue;
    }
    if (entry.harga !== line.harga) {
      notices.push(
        `Harga ${entry.nama} berubah dari ${formatRupiah(line.harga)} menjadi ${formatRupiah(entry.harga)}.`,
      );
    }
    const updated = { ...line, nama: entry.nama, harga: entry.harga, gambar: entry.gambar };
    if (updated.nama !== line.nama || updated.harga !== line.harga || updated.gambar !== line.gambar) {
      changed = true;
    }
    next.push(updated);
  }
  return { lines: next, notices, changed };
}
