/**
 * WhatsApp "click to chat" links: `https://wa.me/<digits>?text=<encodeURIComponent(text)>`.
 * Pure functions, shared by server and browser, so the link a test asserts is the link a tap opens.
 */
import { formatRupiah } from "./format.ts";
import { spiceLevelLabel } from "../features/catalog/spice-levels.ts";

/** What a phone number may be written with: digits, spaces, `+`, `-`, `(`, `)` and `.`. */
const NUMBER_CHARACTERS = /^[\d\s+().-]*$/;

/**
 * Normalises a phone number to the digits wa.me wants: country code first, no `+`, no leading 0.
 * `0812-3456-789` → `628123456789`; `+62 812…` → `62812…`. Indonesian numbers written locally
 * (leading 0, or leading 8) get the country code 62. Returns "" for input with too few or too
 * many digits to be a phone number, or with anything but digits, spaces and `+ - ( ) .` (a letter
 * is a typo, not something to drop silently).
 */
export function normalizeWhatsAppNumber(input: string, countryCode = "62"): string {
  if (!NUMBER_CHARACTERS.test(input)) return "";
  let digits = input.replace(/\D/g, "");
  if (input.trim().startsWith("+")) return isPlausible(digits) ? digits : "";
  if (digits.startsWith("00")) digits = digits.slice(2);
  else if (digits.startsWith("0")) digits = countryCode + digits.slice(1);
  else if (digits.startsWith("8")) digits = countryCode + digits;
  return isPlausible(digits) ? digits : "";
}

function isPlausible(digits: string) {
  return digits.length >= 8 && digits.length <= 15 && !digits.startsWith("0");
}

export const WHATSAPP_NUMBER_MESSAGES = {
  invalid: "Nomor WhatsApp tidak valid. Contoh: 0812-3456-7890 atau +62 812-3456-7890.",
  characters: "Nomor WhatsApp hanya boleh berisi angka, spasi, dan tanda + - ( ) . (tanpa huruf).",
  notIndonesian:
    "Nomor WhatsApp harus nomor Indonesia (kode negara 62). Contoh: 0812-3456-7890 atau +62 812-3456-7890.",
  zeroAfterCountryCode: "Setelah kode negara 62, tulis nomor tanpa angka 0. Contoh: +62 812-3456-7890.",
} as const;

/** An Indonesian number as wa.me wants it: 62, then 8 to 13 digits not starting with 0. */
const INDONESIAN_NUMBER = /^62[1-9]\d{7,12}$/;

/**
 * The store's own WhatsApp number, as the owner types it in /admin/outlet: the normalised digits
 * (`6281234567890`), or an Indonesian message saying what is wrong. Stricter than
 * `normalizeWhatsAppNumber`: only Indonesian numbers (mobile or landline) are accepted.
 */
export function parseStoreWhatsAppNumber(
  input: string,
): { ok: true; number: string } | { ok: false; message: string } {
  const fail = (message: string) => ({ ok: false as const, message });
  if (!NUMBER_CHARACTERS.test(input)) return fail(WHATSAPP_NUMBER_MESSAGES.characters);
  const number = normalizeWhatsAppNumber(input);
  if (INDONESIAN_NUMBER.test(number)) return { ok: true, number };
  if (number && !number.startsWith("62")) return fail(WHATSAPP_NUMBER_MESSAGES.notIndonesian);
  if (number.startsWith("620")) return fail(WHATSAPP_NUMBER_MESSAGES.zeroAfterCountryCode);
  return fail(WHATSAPP_NUMBER_MESSAGES.invalid);
}

/** `6281234567890` → `+62 812-3456-7890`, for showing the number to people. */
export function formatWhatsAppNumber(digits: string): string {
  const match = /^62(\d{3})(\d{4})(\d+)$/.exec(digits);
  if (!match) return `+${digits}`;
  return `+62 ${match[1]}-${match[2]}-${match[3]}`;
}

export function whatsappLink(number: string, text: string): string {
  const digits = normalizeWhatsAppNumber(number);
  const base = `https://wa.me/${digits}`;
  return text ? `${base}?text=${encodeURIComponent(text)}` : base;
}

export const productMessage = (nama: string) => `Halo, saya ingin pesan ${nama}`;
export const promoMessage = (title: string) => `Halo, saya tertarik dengan promo ${title}`;
export const contactMessage = (brand: string) => `Halo ${brand}, saya ingin bertanya`;

export interface OrderLine {
  nama: string;
  harga: number;
  jumlah: number;
  /** Spice level 0–5, for dishes that take one. */
  level?: number | null;
  /** The customer's note for the kitchen (at most 100 characters). */
  catatan?: string;
}

export interface OrderMessageOptions {
  /** The recorded order's code (`NY-7K3Q`); always kept, however long the cart. */
  code?: string;
  /** The signed-in customer's name. */
  customerName?: string | null;
  /** Said when the order comes in while the store is closed (opening-hours.ts). */
  closedNote?: string;
}

/**
 * Longest checkout text, in UTF-16 code units (≥ the characters a person counts). Long links
 * fail in some phones' WhatsApp and in-app browsers; the full order is on the server anyway.
 */
export const MESSAGE_BUDGET = 1500;

const orderTotal = (lines: readonly OrderLine[]) =>
  lines.reduce((sum, line) => sum + line.harga * line.jumlah, 0);

function itemLines(line: OrderLine, withNote: boolean): string[] {
  const result = [`${line.jumlah}x ${line.nama} — ${formatRupiah(line.harga * line.jumlah)}`];
  if (line.level !== undefined && line.level !== null) result.push(`   ${spiceLevelLabel(line.level)}`);
  if (withNote && line.catatan) result.push(`   Catatan: ${line.catatan}`);
  return result;
}

/**
 * The cart's checkout text: a greeting, the order code, one line per item (with its spice level
 * and note), then the total, the customer's name and, outside opening hours, when it will be
 * processed. Kept within MESSAGE_BUDGET: a long cart first loses its notes, then its last items
 * become one summary line; the greeting, the code and the total always stay.
 */
export function orderMessage(
  brand: string,
  lines: readonly OrderLine[],
  options: OrderMessageOptions = {},
): string {
  const head = [`Halo ${brand}, saya ingin memesan:`];
  if (options.code) head.push(`Kode pesanan: ${options.code}`);
  const tail = [`Total: ${formatRupiah(orderTotal(lines))}`];
  if (options.customerName) tail.push(`Atas nama: ${options.customerName}`);
  if (options.closedNote) tail.push(options.closedNote);
  const compose = (body: string[]) => [...head, ...body, ...tail].join("\n");
  const fits = (text: string) => text.length <= MESSAGE_BUDGET;
  const where = options.code ? `pesanan ${options.code}` : "keranjang";

  const full = compose(lines.flatMap((line) => itemLines(line, true)));
  if (fits(full)) return full;

  const withoutNotes = lines.flatMap((line) => itemLines(line, false));
  const hadNotes = lines.some((line) => line.catatan);
  const noteHint = hadNotes ? [`(Catatan tiap menu tersimpan di ${where}.)`] : [];
  const shorter = compose([...withoutNotes, ...noteHint]);
  if (fits(shorter)) return shorter;

  // Items in order while they fit, then one line for the rest.
  const body: string[] = [];
  for (let index = 0; index < lines.length; index++) {
    const rest = lines.slice(index);
    const summary = `…dan ${rest.length} menu lainnya — ${formatRupiah(orderTotal(rest))} (rincian lengkap di ${where})`;
    const next = itemLines(lines[index]!, false);
    const restAfter = lines.slice(index + 1);
    const summaryAfter = restAfter.length
      ? [
          `…dan ${restAfter.length} menu lainnya — ${formatRupiah(orderTotal(restAfter))} (rincian lengkap di ${where})`,
        ]
      : [];
    if (!fits(compose([...body, ...next, ...summaryAfter]))) {
      return clip(compose([...body, summary]));
    }
    body.push(...next);
  }
  return clip(compose(body));
}

/** Last resort for absurd names: cut at the budget (the code sits on the second line). */
const clip = (text: string) =>
  text.length <= MESSAGE_BUDGET ? text : `${text.slice(0, MESSAGE_BUDGET - 1)}…`;
