// The login captcha without JavaScript (0003, 0041): five digits drawn as strokes, HMAC-signed over the
// id, expiry, client address and answer, used once.
import { createHmac, randomBytes, randomInt, timingSafeEqual } from "node:crypto";
import type { Database } from "../../../database/client.server.ts";
import { rateLimits } from "../../../database/schema.ts";
import { captchaKey } from "./captcha.server.ts";

const DIGITS = 5;
const TTL_MS = 10 * 60 * 1000;
const WIDTH = 200;
const HEIGHT = 64;

export const GLYPHS: Record<string, number[][][]> = {
  "0": [
    [
      [5, 0],
      [9, 3],
      [9, 13],
      [5, 16],
      [1, 13],
      [1, 3],
      [5, 0],
    ],
  ],
  "1": [
    [
      [2, 4],
      [6, 0],
      [6, 16],
    ],
    [
      [2, 16],
      [10, 16],
    ],
  ],
  "2": [
    [
      [1, 4],
      [4, 0],
      [8, 1],
      [9, 5],
      [1, 16],
      [10, 16],
    ],
  ],
  "3": [
    [
      [1, 1],
      [8, 1],
      [4, 7],
      [9, 10],
      [8, 15],
      [1, 15],
    ],
  ],
  "4": [
    [
      [7, 16],
      [7, 0],
      [0, 11],
      [10, 11],
    ],
  ],
  "5": [
    [
      [9, 0],
      [2, 0],
      [1, 7],
      [7, 6],
      [9, 11],
      [6, 16],
      [1, 15],
    ],
  ],
  "6": [
    [
      [8, 0],
      [3, 3],
      [1, 10],
      [4, 16],
      [8, 14],
      [8, 9],
      [4, 8],
      [1, 10],
    ],
  ],
  "7": [
    [
      [1, 0],
      [9, 0],
      [4, 16],
    ],
    [
      [3, 8],
      [8, 8],
    ],
  ],
  "8": [
    [
      [5, 8],
      [1, 4],
      [5, 0],
      [9, 4],
      [5, 8],
      [1, 12],
      [5, 16],
      [9, 12],
      [5, 8],
    ],
  ],
  "9": [
    [
      [9, 6],
      [6, 8],
      [2, 7],
      [2, 2],
      [6, 0],
      [9, 3],
      [8, 11],
      [3, 16],
    ],
  ],
};

const COLOURS = ["#9f1239", "#b91c1c", "#1c1917", "#0e7a3f", "#44403c"];

const jitter = (amount: number) => (randomInt(0, 2001) / 1000 - 1) * amount;

// Paths, no text elements: nothing to read from the markup.
function draw(answer: string): string {
  const paths: string[] = [];
  for (let noise = 0; noise < 5; noise++) {
    const y = () => randomInt(4, HEIGHT - 4);
    paths.push(
      `<path d="M0 ${y()} C${randomInt(30, 90)} ${y()} ${randomInt(110, 170)} ${y()} ${WIDTH} ${y()}" stroke="${COLOURS[randomInt(0, COLOURS.length)]}" stroke-width="1.2" fill="none" opacity=".55"/>`,
    );
  }
  [...answer].forEach((digit, index) => {
    const scale = 2.2 + jitter(0.35);
    const angle = jitter(0.35);
    const left = 16 + index * 36 + jitter(5);
    const top = 12 + jitter(6);
    const place = ([x, y]: number[]) => {
      const dx = (x! - 5) * scale;
      const dy = (y! - 8) * scale;
      const px = left + 11 + dx * Math.cos(angle) - dy * Math.sin(angle) + jitter(1.2);
      const py = top + 18 + dx * Math.sin(angle) + dy * Math.cos(angle) + jitter(1.2);
      return `${px.toFixed(1)} ${py.toFixed(1)}`;
    };
    const colour = COLOURS[randomInt(0, COLOURS.length)];
    for (const stroke of GLYPHS[digit]!) {
      paths.push(
        `<path d="M${stroke.map(place).join(" L")}" stroke="${colour}" stroke-width="${(2.6 + jitter(0.5)).toFixed(1)}" stroke-linecap="round" stroke-linejoin="round" fill="none"/>`,
      );
    }
  });
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}"><rect width="100%" height="100%" fill="#fff7ed"/>${paths.join("")}</svg>`;
}

const mac = async (id: string, expires: number, address: string, answer: string) =>
  createHmac("sha256", await captchaKey())
    .update(`gambar.${id}.${expires}.${address}.${answer}`)
    .digest("base64url");

export interface PictureChallenge {
  token: string;
  // A data: URL, which the CSP's img-src allows.
  picture: string;
}

export async function createPictureChallenge(address: string): Promise<PictureChallenge> {
  const answer = Array.from({ length: DIGITS }, () => String(randomInt(0, 10))).join("");
  const id = randomBytes(12).toString("base64url");
  const expires = Date.now() + TTL_MS;
  return {
    token: `${id}.${expires}.${await mac(id, expires, address, answer)}`,
    picture: `data:image/svg+xml;base64,${Buffer.from(draw(answer)).toString("base64")}`,
  };
}

export async function verifyPictureChallenge(
  db: Database,
  token: string,
  answer: string,
  address: string,
): Promise<boolean> {
  const [id = "", rawExpires = "", given = "", ...rest] = token.split(".");
  const expires = Number(rawExpires);
  const digits = answer.replace(/\s+/g, "");
  if (rest.length > 0 || !/^[\w-]{16}$/.test(id) || !/^\d{13}$/.test(rawExpires) || !/^\d{5}$/.test(digits)) {
    return false;
  }
  if (expires < Date.now() || expires > Date.now() + TTL_MS) return false;
  const expected = Buffer.from(await mac(id, expires, address, digits));
  const actual = Buffer.from(given);
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return false;
  const inserted = await db
    .insert(rateLimits)
    .values({ key: `captcha-gambar:${id}`, count: 1, reset_at: new Date(expires) })
    .onConflictDoNothing()
    .returning({ key: rateLimits.key });
  return inserted.length === 1;
}
