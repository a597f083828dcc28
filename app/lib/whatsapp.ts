// wa.me links, phone number rules and chat openers; pure, shared by server and browser.
export const NUMBER_CHARACTERS = /^[\d\s+().-]*$/;

// Local numbers get the country code; "" for too few or too many digits, or a letter (a typo, not dropped).
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
