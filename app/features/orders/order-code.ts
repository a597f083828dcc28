/**
 * Order codes such as `NY-7K3Q`, from an alphabet without look-alikes so a code copied by hand
 * still matches (docs/decisions/0021-order-page-links.md). The unique index decides; the recorder
 * draws again, longer after a few collisions.
 */
export const ORDER_CODE_ALPHABET = "34679ACDEFGHJKMNPQRTUVWXY";
export const ORDER_CODE_PREFIX = "NY-";
export const ORDER_CODE_LENGTH = 4;

const CODE_PATTERN = new RegExp(`^${ORDER_CODE_PREFIX}[${ORDER_CODE_ALPHABET}]{4,8}$`);

/** A fresh random code; `length` characters after the prefix. Uses the platform's CSPRNG. */
export function generateOrderCode(length = ORDER_CODE_LENGTH): string {
  const alphabet = ORDER_CODE_ALPHABET;
  // Rejection sampling: only bytes below the largest multiple of the alphabet size are used,
  // so every character is equally likely.
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

/**
 * What a person typed into the order search, as a code: upper-case, spaces dropped, the prefix
 * added when missing (`7k3q` → `NY-7K3Q`). Does not check the alphabet.
 */
export function normalizeOrderCode(input: string): string {
  const upper = input.toUpperCase().trim();
  // `NY-…` or `NY …` is the prefix; a bare `NY…` is the prefix only when a whole code follows
  // (a code's own characters may start with N and Y).
  const prefixed = /^NY[\s-]+(.*)$/.exec(upper);
  const compact = (prefixed ? prefixed[1]! : upper).replace(/[\s-]/g, "");
  const body =
    !prefixed && compact.startsWith("NY") && compact.length >= 2 + ORDER_CODE_LENGTH
      ? compact.slice(2)
      : compact;
  return body ? ORDER_CODE_PREFIX + body : "";
}

/** An order's own page: `/pesanan/NY-7K3Q` (its link adds the secret; order-view.server.ts). */
export const orderPath = (code: string) => `/pesanan/${code}`;
