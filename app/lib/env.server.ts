import { z } from "zod";
import { trustProxyHops } from "./client-address.ts";

/** A setting that may be absent; empty counts as absent. */
const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((value) => value || undefined);

/** `schema`, with an empty value treated as not set (so its default applies). */
const emptyAsUnset = <T extends z.ZodType<unknown, unknown>>(schema: T) =>
  z.preprocess((value) => (typeof value === "string" && value.trim() === "" ? undefined : value), schema);

/** Names that are examples or local, never a contact (RFC 2606, 6761, 6762, 8375). */
const PLACEHOLDER_HOST =
  /(^|\.)(localhost|invalid|test|example|local|localdomain|internal|lan|home\.arpa|example\.(com|net|org))$/;

/** A VAPID subject a push service can take for a contact: a real mail domain or web host. */
function isRealContact(subject: string): boolean {
  let host: string;
  if (subject.startsWith("mailto:")) {
    const match = /^mailto:[^@\s]+@([^@\s?]+)$/.exec(subject);
    if (!match) return false;
    host = match[1]!.toLowerCase();
  } else {
    try {
      host = new URL(subject).hostname;
    } catch {
      return false;
    }
  }
  return /^([a-z0-9-]+\.)+[a-z]{2,}$/.test(host) && !PLACEHOLDER_HOST.test(host);
}

/**
 * Every setting of the app, read once from the environment and validated at start-up.
 * The README's settings table lists the same names and defaults.
 */
const EnvSchema = z.object({
  NODE_ENV: z.enum(["production", "development", "test"]).default("development"),
  DATABASE_URL: z
    .string()
    .trim()
    .regex(/^(postgres|postgresql):\/\//, "DATABASE_URL harus diawali postgres://")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  DATA_DIR: z.string().trim().min(1).default("./data"),
  SITE_URL: z
    .url()
    .optional()
    .or(z.literal("").transform(() => undefined)),
  BRAND_NAME: z.string().trim().min(1).default("Mie Nyala"),
  WHATSAPP_NUMBER: z.string().trim().min(1).default("6281234567890"),
  STORE_ADDRESS: z.string().trim().min(1).default("Jl. Contoh No. 123, Kendari, Sulawesi Tenggara"),
  INSTAGRAM_URL: z.string().trim().default("https://www.instagram.com/mienyala"),
  FACEBOOK_URL: z.string().trim().default("https://www.facebook.com/mienyala"),
  TIKTOK_URL: z.string().trim().default("https://www.tiktok.com/@mienyala"),
  /** Comma-separated e-mails that get the admin role once proven (docs/decisions/0050). */
  ADMIN_EMAILS: z
    .string()
    .default("")
    .transform((value) =>
      value
        .split(",")
        .map((email) => email.trim().toLowerCase())
        .filter(Boolean),
    ),
  /**
   * Whether the session cookie is `Secure` and `__Host-` prefixed. On by default in production;
   * turn off only for a plain-HTTP address other than localhost (e.g. a LAN test).
   */
  COOKIE_SECURE: z
    .enum(["true", "false", ""])
    .optional()
    .transform((value) => (value === "true" ? true : value === "false" ? false : undefined)),

  // --- Accounts: Google sign-in, captcha, rate limits (docs/decisions/0003, 0004) ---
  /** OAuth client of Google sign-in. Without a client id the "Masuk dengan Google" button is hidden. */
  GOOGLE_CLIENT_ID: optionalText,
  GOOGLE_CLIENT_SECRET: optionalText,
  /** OpenID Connect issuer; tests point it at a local provider. */
  GOOGLE_ISSUER: emptyAsUnset(z.url().default("https://accounts.google.com")),
  /** Both set: Google reCAPTCHA v2 on /masuk instead of the self-hosted ALTCHA. */
  RECAPTCHA_SITE_KEY: optionalText,
  RECAPTCHA_SECRET: optionalText,
  RECAPTCHA_VERIFY_URL: emptyAsUnset(z.url().default("https://www.google.com/recaptcha/api/siteverify")),
  /**
   * The server's signing secret (known-device cookies; ALTCHA when ALTCHA_HMAC_KEY is unset),
   * at least 32 characters, the same on every app server. Empty: one is generated once and kept
   * in the database, which every server sharing it reads (lib/server-secret.server.ts).
   */
  SESSION_SECRET: optionalText.pipe(
    z.string().min(32, "SESSION_SECRET harus paling sedikit 32 karakter").optional(),
  ),
  /** Key that signs ALTCHA challenges. Empty: derived from SESSION_SECRET (or its stored stand-in). */
  ALTCHA_HMAC_KEY: optionalText,
  /**
   * How many reverse proxies stand in front of the app. 0 (default): the client address is the
   * TCP peer; n: the n-th address from the right of X-Forwarded-For. `true` means 1.
   */
  TRUST_PROXY: z.string().trim().default("0").transform(trustProxyHops).pipe(z.number().int().min(0).max(10)),
  /**
   * Failed logins in 15 minutes (docs/decisions/0016-login-throttling-and-known-devices.md):
   * per account from one client address, and per account from one known device;
   */
  RATE_LIMIT_LOGIN_ACCOUNT: emptyAsUnset(z.coerce.number().int().min(1).default(5)),
  /** per account from all devices it has not signed in on, every address together; */
  RATE_LIMIT_LOGIN_ACCOUNT_TOTAL: emptyAsUnset(z.coerce.number().int().min(1).default(10)),
  /** per client address, every account together (not counted for an account's known device). */
  RATE_LIMIT_LOGIN_ADDRESS: emptyAsUnset(z.coerce.number().int().min(1).default(20)),
  /**
   * Logins with the picture captcha (no JavaScript) from a device the account does not know, per
   * hour: per client address, and over the whole shop (docs/decisions/0041-captcha-without-javascript.md).
   */
  RATE_LIMIT_LOGIN_PICTURE_ADDRESS: emptyAsUnset(z.coerce.number().int().min(1).default(5)),
  RATE_LIMIT_LOGIN_PICTURE_TOTAL: emptyAsUnset(z.coerce.number().int().min(1).default(30)),
  /** Registrations allowed per client address in an hour. */
  RATE_LIMIT_REGISTER_ADDRESS: emptyAsUnset(z.coerce.number().int().min(1).default(10)),
  /** Orders recorded per client address in an hour (checkout, POST /pesanan). */
  RATE_LIMIT_ORDER_ADDRESS: emptyAsUnset(z.coerce.number().int().min(1).default(30)),
  /** New guest carts per client address in an hour (a cart is made by the first "Tambah"). */
  RATE_LIMIT_CART_ADDRESS: emptyAsUnset(z.coerce.number().int().min(1).default(100)),
  /** Contact messages (/kontak) per client address in an hour. */
  RATE_LIMIT_CONTACT_ADDRESS: emptyAsUnset(z.coerce.number().int().min(1).default(5)),

  // --- Web Push to the admins' devices (docs/decisions/0036-web-push.md) ---
  /** The VAPID key pair (base64url), both or neither; empty: generated once, kept in the database. */
  VAPID_PUBLIC_KEY: optionalText,
  VAPID_PRIVATE_KEY: optionalText,
  /**
   * Who the push services may contact: `mailto:` a real address or the shop's `https://` address
   * (Apple refuses placeholders such as `@localhost` or `.invalid`). Required in production, where
   * the server refuses to start without it (features/push/vapid.server.ts).
   */
  VAPID_SUBJECT: optionalText.pipe(
    z
      .string()
      .regex(/^(mailto:|https:\/\/)/, "VAPID_SUBJECT harus diawali mailto: atau https://")
      .refine(isRealContact, {
        message:
          "VAPID_SUBJECT harus alamat email atau situs yang nyata (bukan contoh seperti example.com, localhost atau .invalid)",
      })
      .optional(),
  ),
  /**
   * Push services' hosts besides the known ones (docs/decisions/0048-push-only-to-push-services.md),
   * comma-separated: `push.example.org` or `*.push.example.org`.
   */
  PUSH_SERVICE_HOSTS: z
    .string()
    .default("")
    .transform((value) =>
      value
        .split(",")
        .map((host) => host.trim().toLowerCase())
        .filter(Boolean),
    )
    .pipe(
      z.array(
        z
          .string()
          .regex(
            /^(\*\.)?([a-z0-9-]+\.)+[a-z][a-z0-9-]*$/,
            "PUSH_SERVICE_HOSTS berisi nama host dipisah koma, misalnya push.contoh.id atau *.push.contoh.id",
          ),
      ),
    ),
});

export type Env = z.infer<typeof EnvSchema>;

let cached: Env | undefined;

export function getEnv(): Env {
  if (!cached) {
    const parsed = EnvSchema.safeParse(process.env);
    if (!parsed.success) {
      throw new Error(`Pengaturan tidak valid:\n${z.prettifyError(parsed.error)}`);
    }
    cached = parsed.data;
  }
  return cached;
}
