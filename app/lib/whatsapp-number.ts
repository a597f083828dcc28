// Apart from whatsapp.ts, which every storefront page loads, so only the admin outlet form carries this rule.
import { normalizeWhatsAppNumber, NUMBER_CHARACTERS } from "./whatsapp.ts";

export const WHATSAPP_NUMBER_MESSAGES = {
  invalid: "Nomor WhatsApp tidak valid. Contoh: 0812-3456-7890 atau +62 812-3456-7890.",
  characters: "Nomor WhatsApp hanya boleh berisi angka, spasi, dan tanda + - ( ) . (tanpa huruf).",
  notIndonesian:
    "Nomor WhatsApp harus nomor Indonesia (kode negara 62). Contoh: 0812-3456-7890 atau +62 812-3456-7890.",
  zeroAfterCountryCode: "Setelah kode negara 62, tulis nomor tanpa angka 0. Contoh: +62 812-3456-7890.",
} as const;

const INDONESIAN_NUMBER = /^62[1-9]\d{7,12}$/;

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
