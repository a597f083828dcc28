/**
 * WhatsApp click-to-chat links (`https://wa.me/<digits>?text=…`), phone number rules and the
 * one-line chat openers; pure, shared by server and browser. The order's message is
 * features/checkout/order-message.ts.
 */
/** What a phone number may be written with: digits, spaces, `+`, `-`, `(`, `)` and `.`. */
export const NUMBER_CHARACTERS = /^[\d\s+().-]*$/;

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

export function whatsappLink(number: string, text: string): string {
  const digits = normalizeWhatsAppNumber(number);
  const base = `https://wa.me/${digits}`;
  return text ? `${base}?text=${encodeURIComponent(text)}` : base;
}

export const promoMessage = (title: string) => `Halo, saya tertarik dengan promo ${title}`;
export const contactMessage = (brand: string) => `Halo ${brand}, saya ingin bertanya`;
