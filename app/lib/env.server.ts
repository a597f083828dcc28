import { z } from "zod";
import { trustProxyHops } from "./client-address.ts";

const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((value) => value || undefined);

const emptyAsUnset = <T extends z.ZodType<unknown, unknown>>(schema: T) =>
  z.preprocess((value) => (typeof value === "string" && value.trim() === "" ? undefined : value), schema);

const lowerCaseList = z
  .string()
  .default("")
  .transform((value) =>
    value
      .split(",")
      .map((entry) => entry.trim().toLowerCase())
      .filter(Boolean),
  );

const PLACEHOLDER_HOST =
  /(^|\.)(localhost|invalid|test|example|local|localdomain|internal|lan|home\.arpa|example\.(com|net|org))$/;

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

// Every setting, validated at start-up; the README's settings table lists the same names and defaults.
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
  ADMIN_EMAILS: lowerCaseList,
  /** Secure, __Host- cookie; on in production, off only for plain HTTP beyond localhost (a LAN test). */
  COOKIE_SECURE: z
    .enum(["true", "false", ""])
    .optional()
    .transform((value) => (value === "true" ? true : value === "false" ? false : undefined)),

  // Accounts (0003, 0004, 0016, 0041): failed logins count per 15 minutes, the other limits per hour.
  GOOGLE_CLIENT_ID: optionalText,
  GOOGLE_CLIENT_SECRET: optionalText,
  GOOGLE_ISSUER: emptyAsUnset(z.url().default("https://accounts.google.com")),
  RECAPTCHA_SITE_KEY: optionalText,
  RECAPTCHA_SECRET: optionalText,
  RECAPTCHA_VERIFY_URL: emptyAsUnset(z.url().default("https://www.google.com/recaptcha/api/siteverify")),
  /** At least 32 characters, the same on every server; empty: generated once and kept in the database. */
  SESSION_SECRET: optionalText.pipe(
    z.string().min(32, "SESSION_SECRET harus paling sedikit 32 karakter").optional(),
  ),
  ALTCHA_HMAC_KEY: optionalText,
  /** Proxies in front: 0 = the TCP peer, n = the n-th X-Forwarded-For address from the right. */
  TRUST_PROXY: z.string().trim().default("0").transform(trustProxyHops).pipe(z.number().int().min(0).max(10)),
  RATE_LIMIT_LOGIN_ACCOUNT: emptyAsUnset(z.coerce.number().int().min(1).default(5)),
  RATE_LIMIT_LOGIN_ACCOUNT_TOTAL: emptyAsUnset(z.coerce.number().int().min(1).default(10)),
  RATE_LIMIT_LOGIN_ADDRESS: emptyAsUnset(z.coerce.number().int().min(1).default(20)),
  RATE_LIMIT_LOGIN_PICTURE_ADDRESS: emptyAsUnset(z.coerce.number().int().min(1).default(5)),
  RATE_LIMIT_LOGIN_PICTURE_TOTAL: emptyAsUnset(z.coerce.number().int().min(1).default(30)),
  RATE_LIMIT_REGISTER_ADDRESS: emptyAsUnset(z.coerce.number().int().min(1).default(10)),
  RATE_LIMIT_ORDER_ADDRESS: emptyAsUnset(z.coerce.number().int().min(1).default(30)),
  RATE_LIMIT_CART_ADDRESS: emptyAsUnset(z.coerce.number().int().min(1).default(100)),
  RATE_LIMIT_CONTACT_ADDRESS: emptyAsUnset(z.coerce.number().int().min(1).default(5)),
  RATE_LIMIT_PAIRING_ADDRESS: emptyAsUnset(z.coerce.number().int().min(1).default(10)),
  RATE_LIMIT_PAIRING_TOTAL: emptyAsUnset(z.coerce.number().int().min(1).default(100)),

  // Web Push (0036, 0048): VAPID keys empty are generated once and kept in the database.
  VAPID_PUBLIC_KEY: optionalText,
  VAPID_PRIVATE_KEY: optionalText,
  /** Required in production; push services (Apple) refuse placeholder contacts such as @localhost. */
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
  PUSH_SERVICE_HOSTS: lowerCaseList.pipe(
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
