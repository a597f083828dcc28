/**
 * The rule for the store's own WhatsApp number, as the owner types it in /admin/outlet. Apart
 * from whatsapp.ts (links and the general number rules, which every storefront page loads) so
 * that only the admin form's page carries it.
 */
import { normalizeWhatsAppNumber, NUMBER_CHARACTERS } from "./whatsapp.ts";

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
 * The store's own WhatsApp number: the normalised digits (`6281234567890`), or an Indonesian
 * message saying what is wrong. Stricter than `normalizeWhatsAppNumber`: only Indonesian numbers
 * (mobile or landline) are accepted.
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
