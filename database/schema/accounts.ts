import { sql } from "drizzle-orm";
import { check, index, pgTable, text, timestamp } from "drizzle-orm/pg-core";
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
  },
  (t) => [index("sessions_user_id_idx").on(t.user_id)],
);
