import { createHmac } from "node:crypto";

/**
 * Reads the digits of a login picture challenge (app/features/accounts/captcha-picture.server.ts)
 * the way only someone who holds the server's key could: by trying all 100,000 answers against
 * its HMAC. The tests' servers run with a known ALTCHA_HMAC_KEY; a visitor never has it.
 */
export function solvePicture(token: string, key: string): string {
  const [id, expires, mac] = token.split(".");
  for (let n = 0; n < 100_000; n++) {
    const answer = String(n).padStart(5, "0");
    const candidate = createHmac("sha256", key)
      .update(`gambar.${id}.${expires}.${answer}`)
      .digest("base64url");
    if (candidate === mac) return answer;
  }
  throw new Error("no answer matches the picture's challenge (another key?)");
}

/** The key the tests' servers sign captchas with. */
export const TEST_CAPTCHA_KEY = "kunci-captcha-uji-nyala";
