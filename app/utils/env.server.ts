import { z } from "zod";

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
  /** Comma-separated e-mails that get the admin role when they register or log in. */
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
