import { sql } from "drizzle-orm";
import { check, index, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { timestamps } from "./columns.ts";

// `email` lower-case and unique; `password_hash` (bcrypt) is null for Google-only accounts, never sent out.
export const users = pgTable(
  "users",
  {
    id: text("id").primaryKey(),
    nama: text("nama").notNull(),
    email: text("email").notNull().unique(),
    password_hash: text("password_hash"),
    photo_url: text("photo_url"),
    phone_number: text("phone_number"),
    /** `perangkat`: a paired device (a kitchen tablet), signed in without a password. */
    provider: text("provider", { enum: ["password", "google", "perangkat"] }).notNull(),
    google_sub: text("google_sub").unique(),
    role: text("role", { enum: ["customer", "pemilik", "admin", "kasir", "dapur"] })
      .notNull()
      .default("customer"),
    /** The PIN for risky taps on shared devices (bcrypt); null until set. */
    pin_hash: text("pin_hash"),
    ...timestamps,
  },
  (t) => [
    index("users_nama_trgm_idx").using("gin", sql`lower(${t.nama}) gin_trgm_ops`),
    index("users_email_trgm_idx").using("gin", sql`${t.email} gin_trgm_ops`),
    index("users_created_at_idx").on(t.created_at),
    index("users_staff_idx")
      .on(t.role)
      .where(sql`${t.role} <> 'customer'`),
    check("users_email_lower_case", sql`${t.email} = lower(${t.email})`),
    check("users_provider_known", sql`${t.provider} in ('password', 'google', 'perangkat')`),
    check("users_role_known", sql`${t.role} in ('customer', 'pemilik', 'admin', 'kasir', 'dapur')`),
  ],
);

// Only the SHA-256 of the cookie's secret is stored, so a leaked table cannot be replayed as cookies.
export const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    secret_hash: text("secret_hash").notNull(),
    user_id: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expires_at: timestamp("expires_at", { withTimezone: true }).notNull(),
    created_at: timestamps.created_at,
    /** Written at most every few minutes (auth.server.ts): the staff list's "terakhir aktif". */
    last_seen_at: timestamp("last_seen_at", { withTimezone: true }),
  },
  (t) => [index("sessions_user_id_idx").on(t.user_id)],
);

// A staff member's one-time link to set a password (0058): only the token's SHA-256 is kept.
export const staffInvitations = pgTable(
  "staff_invitations",
  {
    id: serial("id").primaryKey(),
    token_hash: text("token_hash").notNull().unique(),
    user_id: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    created_by: text("created_by").references(() => users.id, { onDelete: "set null" }),
    expires_at: timestamp("expires_at", { withTimezone: true }).notNull(),
    used_at: timestamp("used_at", { withTimezone: true }),
    created_at: timestamps.created_at,
  },
  (t) => [index("staff_invitations_user_id_idx").on(t.user_id)],
);

// A device's 6-digit pairing code (0058), kept as an HMAC; one live code per value at a time.
export const devicePairings = pgTable(
  "device_pairings",
  {
    id: serial("id").primaryKey(),
    code_hash: text("code_hash").notNull(),
    nama: text("nama").notNull(),
    role: text("role", { enum: ["kasir", "dapur"] }).notNull(),
    created_by: text("created_by").references(() => users.id, { onDelete: "set null" }),
    expires_at: timestamp("expires_at", { withTimezone: true }).notNull(),
    used_at: timestamp("used_at", { withTimezone: true }),
    device_id: text("device_id").references(() => users.id, { onDelete: "set null" }),
    created_at: timestamps.created_at,
  },
  (t) => [
    uniqueIndex("device_pairings_live_code_idx")
      .on(t.code_hash)
      .where(sql`${t.used_at} is null`),
    check("device_pairings_role_known", sql`${t.role} in ('kasir', 'dapur')`),
  ],
);
