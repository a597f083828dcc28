import { createHmac } from "node:crypto";

/** How the server names a browser on this machine: 127.0.0.1, or ::1's /64 (client-address.ts). */
const LOOPBACK = ["127.0.0.1", "0:0:0:0::/64"];

/**
 * Reads the digits of a login picture challenge (app/features/accounts/captcha-picture.server.ts)
 * the way only someone who holds the server's key could: by trying all 100,000 answers against
 * its HMAC, for the client address that fetched it. The tests' servers run with a known
 * ALTCHA_HMAC_KEY; a visitor never has it.
 */
export function solvePicture(token: string, key: string, addresses: string | string[] = LOOPBACK): string {
  for (const address of [addresses].flat()) {
    for (let n = 0; n < 100_000; n++) {
      const answer = String(n).padStart(5, "0");
      if (isPictureAnswer(token, key, address, answer)) return answer;
    }
  }
  throw new Error("no answer matches the picture's challenge (another key or address?)");
}

/** True when `answer` is the digits of the picture `token` names, fetched from `address`. */
export function isPictureAnswer(token: string, key: string, address: string, answer: string): boolean {
  const [id, expires, mac] = token.split(".");
  return (
    createHmac("sha256", key).update(`gambar.${id}.${expires}.${address}.${answer}`).digest("base64url") ===
    mac
  );
}

/** The key the tests' servers sign captchas with. */
export const TEST_CAPTCHA_KEY = "kunci-captcha-uji-nyala";
