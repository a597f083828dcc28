/**
 * WhatsApp "click to chat" links: `https://wa.me/<digits>?text=<encodeURIComponent(text)>`, the
 * rules for phone numbers, and the one-line chat openers. Pure functions, shared by server and
 * browser, so the link a test asserts is the link a tap opens. The order's own message is
 * features/orders/order-message.ts.
 */
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
