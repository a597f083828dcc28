// The VAPID key pair that signs every push (0036): from the environment, else kept in `server_secrets`.
// Changing the pair orphans every subscription; the private key is never logged or sent.
import { getEnv } from "../../lib/env.server.ts";
import { sharedSecret } from "../../lib/server-secret.server.ts";

export interface VapidDetails {
  publicKey: string;
  privateKey: string;
  subject: string | null;
}

let stored: Promise<VapidDetails> | undefined;

export const SUBJECT_REQUIRED =
  "VAPID_SUBJECT belum diisi: isi dengan alamat https:// toko ini atau mailto: email pemilik yang nyata. Tanpanya layanan push Apple menolak setiap push, jadi iPhone tidak pernah berbunyi. Push ke perangkat admin tidak dikirim sampai diisi.";

// Outside production an admin's address stands in (Apple may refuse it: the page says so).
function subject(): string | null {
  const env = getEnv();
  if (env.VAPID_SUBJECT) return env.VAPID_SUBJECT;
  if (env.SITE_URL?.startsWith("https://")) return env.SITE_URL;
  if (process.env.NODE_ENV === "production") return null;
  return `mailto:${env.ADMIN_EMAILS[0] ?? "admin@nyala.invalid"}`;
}

export const subjectMissing = () => {
  const env = getEnv();
  return !env.VAPID_SUBJECT && !env.SITE_URL?.startsWith("https://");
};

// In production without a subject the shop still opens but sends no push, and logs why once.
export function pushesAllowed(): boolean {
  if (subject()) return true;
  console.warn(SUBJECT_REQUIRED);
  return false;
}

async function loadKeys(): Promise<VapidDetails> {
  const env = getEnv();
  const { default: webpush } = await import("web-push");
  if (env.VAPID_PUBLIC_KEY || env.VAPID_PRIVATE_KEY) {
    if (!env.VAPID_PUBLIC_KEY || !env.VAPID_PRIVATE_KEY)
      throw new Error(
        "VAPID_PUBLIC_KEY dan VAPID_PRIVATE_KEY harus diisi keduanya, atau dikosongkan keduanya.",
      );
    const keys = {
      publicKey: env.VAPID_PUBLIC_KEY,
      privateKey: env.VAPID_PRIVATE_KEY,
      subject: subject(),
    };
    // Refuses keys of the wrong form now rather than at the first order (any subject will do).
    webpush.getVapidHeaders(
      "https://push.example",
      "mailto:pemilik@mienyala.co.id",
      keys.publicKey,
      keys.privateKey,
      "aes128gcm",
    );
    return keys;
  }
  const pair = JSON.parse(
    await sharedSecret("vapid", () => JSON.stringify(webpush.generateVAPIDKeys())),
  ) as Pick<VapidDetails, "publicKey" | "privateKey">;
  return { publicKey: pair.publicKey, privateKey: pair.privateKey, subject: subject() };
}

export function vapidDetails(): Promise<VapidDetails> {
  if (!stored) {
    stored = loadKeys();
    stored.catch(() => (stored = undefined));
  }
  return stored;
}
