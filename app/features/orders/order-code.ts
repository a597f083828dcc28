// Order codes (`NY-7K3Q`) from an alphabet without look-alikes (0021); the unique index decides.
export const ORDER_CODE_ALPHABET = "34679ACDEFGHJKMNPQRTUVWXY";
export const ORDER_CODE_PREFIX = "NY-";
export const ORDER_CODE_LENGTH = 4;

const CODE_PATTERN = new RegExp(`^${ORDER_CODE_PREFIX}[${ORDER_CODE_ALPHABET}]{4,8}$`);

export function generateOrderCode(length = ORDER_CODE_LENGTH): string {
  const alphabet = ORDER_CODE_ALPHABET;
  // Rejection sampling: every character equally likely.
  const limit = 256 - (256 % alphabet.length);
  let code = "";
  while (code.length < length) {
    const bytes = crypto.getRandomValues(new Uint8Array(length * 2));
    for (const byte of bytes) {
      if (byte < limit && code.length < length) code += alphabet[byte % alphabet.length];
    }
  }
  return ORDER_CODE_PREFIX + code;
}

export const isOrderCode = (value: string) => CODE_PATTERN.test(value);

export function normalizeOrderCode(input: string): string {
  const upper = input.toUpperCase().trim();
  // A bare `NY…` is the prefix only when a whole code follows: a code may itself start with NY.
  const prefixed = /^NY[\s-]+(.*)$/.exec(upper);
  const compact = (prefixed ? prefixed[1]! : upper).replace(/[\s-]/g, "");
  const body =
    !prefixed && compact.startsWith("NY") && compact.length >= 2 + ORDER_CODE_LENGTH
      ? compact.slice(2)
      : compact;
  return body ? ORDER_CODE_PREFIX + body : "";
}

export const orderPath = (code: string) => `/pesanan/${code}`;
