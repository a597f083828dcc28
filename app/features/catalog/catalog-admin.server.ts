/**
 * What admins change in the catalog and the store: menu items, promos, slides, the menu on the
 * three pages (featured, best sellers, /produk) and the store settings.
 *
 * Every function checks its input with a Zod schema (Indonesian messages, one per field), writes
 * the change and its audit-log entry in one transaction, and then clears the catalog cache so
 * the storefront shows it at the next page load. An uploaded photo is stored only once the input
 * is valid and the row to change exists; a write that still does not happen takes the stored
 * file with it. The caller has already checked that the actor is an admin (`requireAdmin`);
 * these functions trust the actor they are given.
 */
import { asc, eq, inArray, sql } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "../../../database/client.server.ts";
import { categories, menuItems, promos, slides, storeSettings } from "../../../database/schema.ts";
import { isRowId, parseAdminInput } from "../../lib/form-input.server.ts";
import { writeAudit, type Actor } from "../admin/audit-log.server.ts";
import { KATEGORI, RANK_LIMITS } from "./limits.ts";
import { invalidateContentCache } from "../../lib/content-cache.server.ts";
import { menuItemColumns } from "./catalog.server.ts";
import { formatRupiah } from "../../lib/format.ts";
import {
  isImageKind,
  isStoredImageName,
  removeStoredImage,
  saveImage,
  type ImageKind,
} from "../media/images.server.ts";
import { isDateString, isTime } from "../../lib/date-input.ts";
import {
  DAY_NAMES,
  startOfZonedDay,
  TIMEZONES,
  zonedDateString,
  type OpeningDay,
} from "../store/opening-hours.ts";
import { getStoreSettingsValues, type StoreSettingsValues } from "../store/settings.server.ts";
import { parseStoreWhatsAppNumber, WHATSAPP_NUMBER_MESSAGES } from "../../lib/whatsapp-number.ts";

export type AdminResult<T = undefined> =
  | { ok: true; value: T }
  | { ok: false; status: 400 | 404 | 409; message: string; fieldErrors: Record<string, string> };

/** Form values as `Object.fromEntries(formData)` gives them (files are passed separately). */
export type RawInput = Record<string, unknown>;

const fail = (status: 400 | 404 | 409, message: string, fieldErrors: Record<string, string> = {}) =>
  ({ ok: false, status, message, fieldErrors }) as const;

const done = <T>(value: T) => {
  invalidateContentCache();
  return { ok: true as const, value };
};

/** Zod's first message, and the first message per field. */
function refused(error: z.ZodError): AdminResult<never> {
  const fieldErrors: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? "");
    if (field && !fieldErrors[field]) fieldErrors[field] = issue.message;
  }
  return fail(400, error.issues[0]?.message ?? "Isian tidak valid.", fieldErrors);
}

// --- Field rules -------------------------------------------------------------------------------

const trimmed = (value: unknown) => (typeof value === "string" ? value.trim() : value);

/** A text field: trimmed, at most `max` characters; required when `required` names the message. */
function textField(max: number, maxMessage: string, required?: string) {
  const base = z
    .string({ error: required ?? maxMessage })
    .refine((value) => Array.from(value).length <= max, maxMessage);
  return z.preprocess(
    (value) => trimmed(value ?? ""),
    required ? base.refine((value) => value.length > 0, required) : base,
  );
}

/** A checkbox: present and "on"/"true"/"1" is true; absent is false. */
const checkbox = z.preprocess(
  (value) => value === true || value === "on" || value === "true" || value === "1",
  z.boolean(),
);

/**
 * A whole number written by a person: `10000`, `10.000`, `Rp 10.000`, `Rp10.000`, `Rp. 10.000`.
 * A dot only groups thousands (`1.000.000`); decimals (`1000.00`, `8000,50`, `10.5`), a dot out
 * of place (`1.00.0`), a sign or a word give NaN, which the field refuses with its message.
 * (Dropping every dot read `1000.00` as 100000.)
 */
function wholeNumber(value: unknown): unknown {
  if (typeof value === "number") return value;
  if (typeof value !== "string") return value;
  const written = value.trim().replace(/^rp\.?\s*/i, "");
  if (written === "") return undefined;
  if (!/^(?:\d{1,12}|\d{1,3}(?:\.\d{3}){1,3})$/.test(written)) return Number.NaN;
  return Number(written.replaceAll(".", ""));
}

export const MENU_MESSAGES = {
  namaRequired: "Nama menu wajib diisi.",
  namaTooLong: "Nama menu paling banyak 60 karakter.",
  kategori: "Pilih kategori: Makanan, Minuman, atau Cemilan.",
  deskripsi: "Deskripsi paling banyak 300 karakter.",
  hargaRequired: "Harga wajib diisi.",
  hargaWhole: "Harga harus angka rupiah bulat tanpa sen, misalnya 10000 atau 10.000.",
  hargaRange: "Harga harus antara Rp 1.000 dan Rp 1.000.000.",
  photoRequired: "Foto menu wajib diunggah.",
  notFound: "Menu tidak ditemukan. Mungkin sudah dihapus.",
} as const;

export const MenuItemSchema = z.object({
  nama: textField(60, MENU_MESSAGES.namaTooLong, MENU_MESSAGES.namaRequired),
  kategori: z.enum(KATEGORI, { error: MENU_MESSAGES.kategori }),
  deskripsi: textField(300, MENU_MESSAGES.deskripsi),
  harga: z.preprocess(
    wholeNumber,
    z
      .number({
        error: (issue) =>
          issue.input === undefined ? MENU_MESSAGES.hargaRequired : MENU_MESSAGES.hargaWhole,
      })
      .int(MENU_MESSAGES.hargaWhole)
      .min(1_000, MENU_MESSAGES.hargaRange)
      .max(1_000_000, MENU_MESSAGES.hargaRange),
  ),
  tersedia: checkbox,
  takes_level: checkbox,
});

export type MenuItemValues = z.infer<typeof MenuItemSchema>;

/** A file input left empty posts a nameless, empty file: that is "no new photo". */
export const isUpload = (value: unknown): value is Blob =>
  typeof Blob !== "undefined" && value instanceof Blob && value.size > 0;

async function storePhoto(file: unknown, kind: ImageKind, field = "foto") {
  if (!isUpload(file)) return { ok: true as const, path: null };
  const saved = await saveImage(file, kind);
  if (!saved.ok) return fail(400, saved.message, { [field]: saved.message });
  return { ok: true as const, path: saved.path };
}

/**
 * Removes an uploaded photo (and its smaller copies) that no row shows any more: one a refused
 * change had stored, one an edit replaced, or a deleted row's. Files are named by their content,
 * so the same picture uploaded for another item is one file: it stays while any row uses it. The
 * app's own pictures (/images/…) are never removed.
 */
async function discardPhoto(db: Database, stored: string | null) {
  const [, root, kind = "", name = ""] = stored?.split("/") ?? [];
  if (root !== "gambar" || !isImageKind(kind) || !isStoredImageName(name)) return;
  const [menuRow, promoRow, slideRow] = await Promise.all([
    db.select({ id: menuItems.id }).from(menuItems).where(eq(menuItems.gambar, stored!)).limit(1),
    db.select({ id: promos.id }).from(promos).where(eq(promos.image, stored!)).limit(1),
    db.select({ id: slides.id }).from(slides).where(eq(slides.image, stored!)).limit(1),
  ]);
  if (menuRow.length + promoRow.length + slideRow.length > 0) return;
  await removeStoredImage(kind, name);
}

/**
 * Runs the write that uses a just-stored photo. When it does not happen (it answers false, or
 * throws) the photo is discarded, so a refused change leaves no file behind.
 */
async function writeWithPhoto<T>(db: Database, stored: string | null, write: () => Promise<T>) {
  let result: T;
  try {
    result = await write();
  } catch (error) {
    await discardPhoto(db, stored);
    throw error;
  }
  if (result === false) await discardPhoto(db, stored);
  return result;
}

/**
 * An edit that may bring a new photo: `write` answers false (no such row) or the photo the row
 * showed before, which is discarded when the new one replaced it and no row uses it any more.
 */
async function editWithPhoto(db: Database, stored: string | null, write: () => Promise<string | false>) {
  const previous = await writeWithPhoto(db, stored, write);
  if (previous === false) return false;
  if (stored && previous !== stored) await discardPhoto(db, previous);
  return true;
}

/** `Mie Nyala Level 4` → `mie-nyala-level-4`; a slug already taken gets `-2`, `-3`, …. */
async function freeMenuItemId(db: Pick<Database, "select">, nama: string): Promise<string> {
  const base =
    nama
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 50)
      .replace(/-+$/, "") || "menu";
  const taken = new Set(
    (
      await db
        .select({ id: menuItems.id })
        .from(menuItems)
        .where(sql`${menuItems.id} = ${base} or ${menuItems.id} like ${`${base}-%`}`)
    ).map((row) => row.id),
  );
  if (!taken.has(base)) return base;
  for (let suffix = 2; ; suffix++) if (!taken.has(`${base}-${suffix}`)) return `${base}-${suffix}`;
}

async function categoryIdOf(db: Pick<Database, "select">, nama: string): Promise<string | null> {
  const [row] = await db.select({ id: categories.id }).from(categories).where(eq(categories.nama, nama));
  return row?.id ?? null;
}

// --- Menu items --------------------------------------------------------------------------------

export interface AdminMenuItem {
  id: string;
  nama: string;
  kategori: string;
  deskripsi: string;
  harga: number;
  gambar: string;
  tersedia: boolean;
  takes_level: boolean;
  featured_rank: number | null;
  best_seller_rank: number | null;
  produk_rank: number | null;
}

export function listMenuItemsForAdmin(db: Database): Promise<AdminMenuItem[]> {
  return db
    .select({
      ...menuItemColumns,
      featured_rank: menuItems.featured_rank,
      best_seller_rank: menuItems.best_seller_rank,
      produk_rank: menuItems.produk_rank,
    })
    .from(menuItems)
    .innerJoin(categories, eq(categories.id, menuItems.category_id))
    .orderBy(asc(categories.urutan), asc(menuItems.nama));
}

export async function createMenuItem(
  db: Database,
  actor: Actor,
  input: RawInput,
  photo: unknown,
): Promise<AdminResult<{ id: string }>> {
  const parsed = parseAdminInput(MenuItemSchema, input);
  if (!parsed.success) return refused(parsed.error);
  if (!isUpload(photo)) return fail(400, MENU_MESSAGES.photoRequired, { foto: MENU_MESSAGES.photoRequired });
  const stored = await storePhoto(photo, "menu");
  if (!stored.ok) return stored;
  const values = parsed.data;
  const id = await writeWithPhoto(db, stored.path, () =>
    db.transaction(async (tx) => {
      const category = await categoryIdOf(tx, values.kategori);
      const newId = await freeMenuItemId(tx, values.nama);
      await tx.insert(menuItems).values({
        id: newId,
        nama: values.nama,
        category_id: category ?? "makanan",
        deskripsi: values.deskripsi,
        harga: values.harga,
        gambar: stored.path!,
        tersedia: values.tersedia,
        takes_level: values.takes_level,
      });
      await writeAudit(tx, actor, {
        action: "buat",
        entity: "menu",
        entityId: newId,
        summary: `Menu baru ${values.nama} (${values.kategori}, ${formatRupiah(values.harga)})`,
        details: { ...values, gambar: stored.path },
      });
      return newId;
    }),
  );
  return done({ id });
}

/** The fields that differ, as `{field: [before, after]}`. */
type Changes = Record<string, [unknown, unknown]>;

function diff<T extends Record<string, unknown>>(before: T, after: Partial<T>): Changes {
  const changes: Changes = {};
  for (const [key, value] of Object.entries(after)) {
    if (value !== undefined && before[key] !== value) changes[key] = [before[key], value];
  }
  return changes;
}

/**
 * How the audit log words each changed field: a name (`harga` → `harga A → B`, an empty value
 * shown as "kosong") or a function of the values before and after.
 */
type ChangeWording = Record<string, string | ((before: unknown, after: unknown) => string)>;

const shownValue = (value: unknown) =>
  value === "" || value === null || value === undefined ? "kosong" : String(value);

function describeChanges(changes: Changes, wording: ChangeWording): string {
  const parts = Object.entries(changes).map(([field, [before, after]]) => {
    const rule = wording[field] ?? field;
    return typeof rule === "function"
      ? rule(before, after)
      : `${rule} ${shownValue(before)} → ${shownValue(after)}`;
  });
  return parts.join(", ") || "tanpa perubahan";
}

const MENU_WORDING: ChangeWording = {
  harga: (before, after) => `harga ${formatRupiah(Number(before))} → ${formatRupiah(Number(after))}`,
  tersedia: (_, after) => (after ? "tersedia lagi" : "ditandai habis"),
  takes_level: (_, after) => (after ? "memakai level pedas" : "tanpa level pedas"),
  gambar: () => "foto baru",
  deskripsi: () => "deskripsi diubah",
};

const describeMenuChanges = (nama: string, changes: Changes) =>
  `Menu ${nama}: ${describeChanges(changes, MENU_WORDING)}`;

export async function updateMenuItem(
  db: Database,
  actor: Actor,
  id: string,
  input: RawInput,
  photo: unknown,
): Promise<AdminResult> {
  const parsed = parseAdminInput(MenuItemSchema, input);
  if (!parsed.success) return refused(parsed.error);
  // An unknown item is refused before its photo is stored.
  const [exists] = await db.select({ id: menuItems.id }).from(menuItems).where(eq(menuItems.id, id));
  if (!exists) return fail(404, MENU_MESSAGES.notFound);
  const stored = await storePhoto(photo, "menu");
  if (!stored.ok) return stored;
  const values = parsed.data;
  const updated = await editWithPhoto(db, stored.path, () =>
    db.transaction(async (tx) => {
      // The row locked until this change commits: simultaneous edits of one item queue here, the
      // last to commit wins whole, and each audit entry describes the change from the values it
      // actually replaced. Locked alone first, then read with its category: a locking read over
      // the join would drop the row when a queued edit had moved it to another category.
      const [locked] = await tx
        .select({ id: menuItems.id })
        .from(menuItems)
        .where(eq(menuItems.id, id))
        .for("update");
      if (!locked) return false;
      const [row] = await tx
        .select(menuItemColumns)
        .from(menuItems)
        .innerJoin(categories, eq(categories.id, menuItems.category_id))
        .where(eq(menuItems.id, id));
      if (!row) return false;
      const { id: _id, ...before } = row;
      const after = { ...values, gambar: stored.path ?? before.gambar };
      const changes = diff(before, after);
      const category = await categoryIdOf(tx, values.kategori);
      await tx
        .update(menuItems)
        .set({
          nama: values.nama,
          category_id: category ?? "makanan",
          deskripsi: values.deskripsi,
          harga: values.harga,
          gambar: after.gambar,
          tersedia: values.tersedia,
          takes_level: values.takes_level,
          updated_at: new Date(),
        })
        .where(eq(menuItems.id, id));
      await writeAudit(tx, actor, {
        action: "ubah",
        entity: "menu",
        entityId: id,
        summary: describeMenuChanges(values.nama, changes),
        details: { changes },
      });
      return before.gambar;
    }),
  );
  if (!updated) return fail(404, MENU_MESSAGES.notFound);
  return done(undefined);
}

/** Marks an item sold out (`Habis`) or available again, from the menu list. */
export async function setMenuItemAvailability(
  db: Database,
  actor: Actor,
  id: string,
  tersedia: boolean,
): Promise<AdminResult> {
  const changed = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(menuItems)
      .set({ tersedia, updated_at: new Date() })
      .where(eq(menuItems.id, id))
      .returning({ nama: menuItems.nama });
    if (!row) return false;
    await writeAudit(tx, actor, {
      action: "ubah",
      entity: "menu",
      entityId: id,
      summary: `Menu ${row.nama}: ${tersedia ? "tersedia lagi" : "ditandai habis"}`,
      details: { tersedia },
    });
    return true;
  });
  if (!changed) return fail(404, MENU_MESSAGES.notFound);
  return done(undefined);
}

/**
 * Deletes a menu item. Past orders keep their lines (name and price were copied at order time);
 * a slide that linked to it falls back to its own title.
 */
export async function deleteMenuItem(db: Database, actor: Actor, id: string): Promise<AdminResult> {
  const deleted = await db.transaction(async (tx) => {
    const [row] = await tx
      .delete(menuItems)
      .where(eq(menuItems.id, id))
      .returning({ nama: menuItems.nama, gambar: menuItems.gambar });
    if (!row) return false;
    await writeAudit(tx, actor, {
      action: "hapus",
      entity: "menu",
      entityId: id,
      summary: `Menu ${row.nama} dihapus`,
    });
    return row;
  });
  if (!deleted) return fail(404, MENU_MESSAGES.notFound);
  await discardPhoto(db, deleted.gambar);
  return done(undefined);
}

// --- Menu placement: featured on /, best sellers on /beranda, products on /produk -------------

export const RANKING_MESSAGES = {
  featured: `Menu unggulan di halaman depan paling banyak ${RANK_LIMITS.featured}.`,
  bestSellers: `Menu terlaris di beranda paling banyak ${RANK_LIMITS.bestSellers}.`,
  produk: `Menu di halaman produk paling banyak ${RANK_LIMITS.produk}.`,
  duplicate: "Satu menu dipilih dua kali di daftar yang sama.",
  unknown: "Ada menu yang tidak dikenal. Muat ulang halaman lalu coba lagi.",
} as const;

const idList = (max: number, message: string) =>
  z.preprocess(
    (value) => (Array.isArray(value) ? value : value === undefined || value === "" ? [] : [value]),
    z
      .array(z.string({ error: RANKING_MESSAGES.unknown }).trim(), { error: RANKING_MESSAGES.unknown })
      .transform((ids) => ids.filter(Boolean))
      .refine((ids) => ids.length <= max, message)
      .refine((ids) => new Set(ids).size === ids.length, RANKING_MESSAGES.duplicate),
  );

export const RankingSchema = z.object({
  featured: idList(RANK_LIMITS.featured, RANKING_MESSAGES.featured),
  bestSellers: idList(RANK_LIMITS.bestSellers, RANKING_MESSAGES.bestSellers),
  produk: idList(RANK_LIMITS.produk, RANKING_MESSAGES.produk),
});

/** Replaces the three placements at once, each list in its display order. */
export async function setMenuRankings(db: Database, actor: Actor, input: RawInput): Promise<AdminResult> {
  const parsed = parseAdminInput(RankingSchema, input);
  if (!parsed.success) return refused(parsed.error);
  const { featured, bestSellers, produk } = parsed.data;
  const all = [...new Set([...featured, ...bestSellers, ...produk])];
  const known =
    all.length === 0
      ? []
      : await db
          .select({ id: menuItems.id, nama: menuItems.nama })
          .from(menuItems)
          .where(inArray(menuItems.id, all));
  if (known.length !== all.length) return fail(400, RANKING_MESSAGES.unknown);
  const names = new Map(known.map((item) => [item.id, item.nama]));
  await db.transaction(async (tx) => {
    // Cleared first: each rank is unique, and the new order may swap two items.
    await tx
      .update(menuItems)
      .set({ featured_rank: null, best_seller_rank: null, produk_rank: null })
      .where(
        sql`${menuItems.featured_rank} is not null or ${menuItems.best_seller_rank} is not null or ${menuItems.produk_rank} is not null`,
      );
    const place = async (ids: string[], column: "featured_rank" | "best_seller_rank" | "produk_rank") => {
      for (const [index, id] of ids.entries()) {
        await tx
          .update(menuItems)
          .set({ [column]: index + 1 })
          .where(eq(menuItems.id, id));
      }
    };
    await place(featured, "featured_rank");
    await place(bestSellers, "best_seller_rank");
    await place(produk, "produk_rank");
    const list = (ids: string[]) => ids.map((id) => names.get(id)).join(", ") || "kosong";
    await writeAudit(tx, actor, {
      action: "urutan",
      entity: "menu-populer",
      summary: `Menu unggulan: ${list(featured)}; terlaris: ${list(bestSellers)}; produk: ${list(produk)}`,
      details: { featured, bestSellers, produk },
    });
  });
  return done(undefined);
}

/** The current placements, each list in display order (the menu-populer form). */
export async function rankedIds(db: Database) {
  const rows = await db
    .select({
      id: menuItems.id,
      featured_rank: menuItems.featured_rank,
      best_seller_rank: menuItems.best_seller_rank,
      produk_rank: menuItems.produk_rank,
    })
    .from(menuItems)
    .where(
      sql`${menuItems.featured_rank} is not null or ${menuItems.best_seller_rank} is not null or ${menuItems.produk_rank} is not null`,
    );
  const ordered = (column: "featured_rank" | "best_seller_rank" | "produk_rank") =>
    rows
      .filter((row) => row[column] !== null)
      .sort((a, b) => (a[column] ?? 0) - (b[column] ?? 0))
      .map((row) => row.id);
  return {
    featured: ordered("featured_rank"),
    bestSellers: ordered("best_seller_rank"),
    produk: ordered("produk_rank"),
  };
}

// --- Promos ------------------------------------------------------------------------------------

export const PROMO_MESSAGES = {
  titleRequired: "Judul promo wajib diisi.",
  titleTooLong: "Judul promo paling banyak 80 karakter.",
  description: "Deskripsi promo paling banyak 300 karakter.",
  label: "Label promo paling banyak 30 karakter.",
  date: "Tanggal harus berformat tanggal yang benar.",
  dateOrder: "Tanggal selesai tidak boleh sebelum tanggal mulai.",
  urutan: "Urutan harus angka 0 sampai 99.",
  photoRequired: "Gambar promo wajib diunggah.",
  notFound: "Promo tidak ditemukan. Mungkin sudah dihapus.",
} as const;

const urutanField = (message: string) =>
  z.preprocess(
    (value) => (value === undefined || value === "" ? 0 : wholeNumber(value)),
    z.number({ error: message }).int(message).min(0, message).max(99, message),
  );

const optionalDate = z.preprocess(
  (value) => (typeof value === "string" ? value.trim() : (value ?? "")),
  z
    .string({ error: PROMO_MESSAGES.date })
    .refine((value) => value === "" || isDateString(value), PROMO_MESSAGES.date),
);

export const PromoSchema = z
  .object({
    title: textField(80, PROMO_MESSAGES.titleTooLong, PROMO_MESSAGES.titleRequired),
    description: textField(300, PROMO_MESSAGES.description),
    label: textField(30, PROMO_MESSAGES.label),
    urutan: urutanField(PROMO_MESSAGES.urutan),
    aktif: checkbox,
    /** First day shown (`YYYY-MM-DD`, the store's calendar); empty = from now. */
    active_from: optionalDate,
    /** Last day shown, inclusive; empty = no end. */
    active_until: optionalDate,
  })
  .refine((promo) => !promo.active_from || !promo.active_until || promo.active_from <= promo.active_until, {
    message: PROMO_MESSAGES.dateOrder,
    path: ["active_until"],
  });

export interface AdminPromo {
  id: number;
  title: string;
  description: string;
  image: string;
  label: string;
  urutan: number;
  aktif: boolean;
  /** As the form shows them: `YYYY-MM-DD` in the store's calendar, or "". */
  active_from: string;
  active_until: string;
}

/** A promo row as the form shows it. */
function promoFormValues(row: typeof promos.$inferSelect, timezone: string): AdminPromo {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    image: row.image,
    label: row.label,
    urutan: row.urutan,
    aktif: row.aktif,
    active_from: row.active_from ? zonedDateString(row.active_from, timezone) : "",
    // Stored as the first moment after the last day.
    active_until: row.active_until ? zonedDateString(new Date(row.active_until.getTime() - 1), timezone) : "",
  };
}

export async function listPromosForAdmin(db: Database, timezone: string): Promise<AdminPromo[]> {
  const rows = await db.select().from(promos).orderBy(asc(promos.urutan), asc(promos.id));
  return rows.map((row) => promoFormValues(row, timezone));
}

function promoColumns(values: z.infer<typeof PromoSchema>, timezone: string) {
  return {
    title: values.title,
    description: values.description,
    label: values.label,
    urutan: values.urutan,
    aktif: values.aktif,
    active_from: values.active_from ? startOfZonedDay(values.active_from, timezone) : null,
    active_until: values.active_until ? startOfZonedDay(values.active_until, timezone, 1) : null,
  };
}

export async function createPromo(
  db: Database,
  actor: Actor,
  input: RawInput,
  photo: unknown,
): Promise<AdminResult<{ id: number }>> {
  const parsed = parseAdminInput(PromoSchema, input);
  if (!parsed.success) return refused(parsed.error);
  if (!isUpload(photo))
    return fail(400, PROMO_MESSAGES.photoRequired, { foto: PROMO_MESSAGES.photoRequired });
  const { timezone } = await getStoreSettingsValues(db);
  const stored = await storePhoto(photo, "promo");
  if (!stored.ok) return stored;
  const id = await writeWithPhoto(db, stored.path, () =>
    db.transaction(async (tx) => {
      const [row] = await tx
        .insert(promos)
        .values({ ...promoColumns(parsed.data, timezone), image: stored.path! })
        .returning({ id: promos.id });
      await writeAudit(tx, actor, {
        action: "buat",
        entity: "promo",
        entityId: row!.id,
        summary: `Promo baru ${parsed.data.title}`,
        details: { ...parsed.data, image: stored.path },
      });
      return row!.id;
    }),
  );
  return done({ id });
}

const PROMO_WORDING: ChangeWording = {
  title: "judul",
  description: () => "deskripsi diubah",
  label: "label",
  urutan: "urutan",
  aktif: (_, after) => (after ? "diaktifkan" : "dinonaktifkan"),
  active_from: "tampil mulai",
  active_until: "tampil sampai",
  image: () => "gambar baru",
};

export async function updatePromo(
  db: Database,
  actor: Actor,
  id: number,
  input: RawInput,
  photo: unknown,
): Promise<AdminResult> {
  if (!isRowId(id)) return fail(404, PROMO_MESSAGES.notFound);
  const parsed = parseAdminInput(PromoSchema, input);
  if (!parsed.success) return refused(parsed.error);
  // An unknown promo is refused before its picture is stored.
  const [exists] = await db.select({ id: promos.id }).from(promos).where(eq(promos.id, id));
  if (!exists) return fail(404, PROMO_MESSAGES.notFound);
  const { timezone } = await getStoreSettingsValues(db);
  const stored = await storePhoto(photo, "promo");
  if (!stored.ok) return stored;
  const values = parsed.data;
  const updated = await editWithPhoto(db, stored.path, () =>
    db.transaction(async (tx) => {
      // Locked until this change commits, so the audit entry describes the values it replaced.
      const [row] = await tx.select().from(promos).where(eq(promos.id, id)).for("update");
      if (!row) return false;
      const { id: _id, ...before } = promoFormValues(row, timezone);
      const changes = diff(before, { ...values, image: stored.path ?? before.image });
      await tx
        .update(promos)
        .set({
          ...promoColumns(values, timezone),
          ...(stored.path ? { image: stored.path } : {}),
          updated_at: new Date(),
        })
        .where(eq(promos.id, id));
      await writeAudit(tx, actor, {
        action: "ubah",
        entity: "promo",
        entityId: id,
        summary: `Promo ${values.title}: ${describeChanges(changes, PROMO_WORDING)}`,
        details: { changes },
      });
      return row.image;
    }),
  );
  if (!updated) return fail(404, PROMO_MESSAGES.notFound);
  return done(undefined);
}

export async function deletePromo(db: Database, actor: Actor, id: number): Promise<AdminResult> {
  if (!isRowId(id)) return fail(404, PROMO_MESSAGES.notFound);
  const deleted = await db.transaction(async (tx) => {
    const [row] = await tx
      .delete(promos)
      .where(eq(promos.id, id))
      .returning({ title: promos.title, image: promos.image });
    if (!row) return false;
    await writeAudit(tx, actor, {
      action: "hapus",
      entity: "promo",
      entityId: id,
      summary: `Promo ${row.title} dihapus`,
    });
    return row;
  });
  if (!deleted) return fail(404, PROMO_MESSAGES.notFound);
  await discardPhoto(db, deleted.image);
  return done(undefined);
}

// --- Slides ------------------------------------------------------------------------------------

export const SLIDE_MESSAGES = {
  titleRequired: "Judul banner wajib diisi.",
  titleTooLong: "Judul banner paling banyak 60 karakter.",
  text: "Teks banner paling banyak 160 karakter.",
  menu: "Pilih menu yang dipesan lewat tombol banner, atau kosongkan.",
  urutan: "Urutan harus angka 0 sampai 99.",
  photoRequired: "Gambar banner wajib diunggah.",
  notFound: "Banner tidak ditemukan. Mungkin sudah dihapus.",
} as const;

export const SlideSchema = z.object({
  title: textField(60, SLIDE_MESSAGES.titleTooLong, SLIDE_MESSAGES.titleRequired),
  text: textField(160, SLIDE_MESSAGES.text),
  /** The dish the slide's "Pesan Sekarang" link orders; empty = the slide's title. */
  menu_item_id: z.preprocess(
    (value) => trimmed(value ?? ""),
    z.string({ error: SLIDE_MESSAGES.menu }).max(100, SLIDE_MESSAGES.menu),
  ),
  urutan: urutanField(SLIDE_MESSAGES.urutan),
  aktif: checkbox,
});

export function listSlidesForAdmin(db: Database) {
  return db
    .select({
      id: slides.id,
      title: slides.title,
      text: slides.text,
      image: slides.image,
      menu_item_id: slides.menu_item_id,
      menu_nama: menuItems.nama,
      urutan: slides.urutan,
      aktif: slides.aktif,
    })
    .from(slides)
    .leftJoin(menuItems, eq(menuItems.id, slides.menu_item_id))
    .orderBy(asc(slides.urutan), asc(slides.id));
}

/** The name of the dish a slide links to; "" for none, null for an id no item has. */
async function slideMenuName(db: Pick<Database, "select">, menuItemId: string | null) {
  if (!menuItemId) return "";
  const [row] = await db.select({ nama: menuItems.nama }).from(menuItems).where(eq(menuItems.id, menuItemId));
  return row?.nama ?? null;
}

export async function createSlide(
  db: Database,
  actor: Actor,
  input: RawInput,
  photo: unknown,
): Promise<AdminResult<{ id: number }>> {
  const parsed = parseAdminInput(SlideSchema, input);
  if (!parsed.success) return refused(parsed.error);
  if ((await slideMenuName(db, parsed.data.menu_item_id)) === null) {
    return fail(400, SLIDE_MESSAGES.menu, { menu_item_id: SLIDE_MESSAGES.menu });
  }
  if (!isUpload(photo))
    return fail(400, SLIDE_MESSAGES.photoRequired, { foto: SLIDE_MESSAGES.photoRequired });
  const stored = await storePhoto(photo, "slide");
  if (!stored.ok) return stored;
  const values = parsed.data;
  const id = await writeWithPhoto(db, stored.path, () =>
    db.transaction(async (tx) => {
      const [row] = await tx
        .insert(slides)
        .values({ ...values, menu_item_id: values.menu_item_id || null, image: stored.path! })
        .returning({ id: slides.id });
      await writeAudit(tx, actor, {
        action: "buat",
        entity: "slide",
        entityId: row!.id,
        summary: `Banner baru ${values.title}`,
        details: { ...values, image: stored.path },
      });
      return row!.id;
    }),
  );
  return done({ id });
}

const SLIDE_WORDING: ChangeWording = {
  title: "judul",
  text: () => "teks diubah",
  menu_nama: (before, after) =>
    `tombol Pesan Sekarang ${before ? `memesan ${String(before)}` : "memakai judul"} → ${
      after ? `memesan ${String(after)}` : "memakai judul"
    }`,
  urutan: "urutan",
  aktif: (_, after) => (after ? "diaktifkan" : "dinonaktifkan"),
  image: () => "gambar baru",
};

export async function updateSlide(
  db: Database,
  actor: Actor,
  id: number,
  input: RawInput,
  photo: unknown,
): Promise<AdminResult> {
  if (!isRowId(id)) return fail(404, SLIDE_MESSAGES.notFound);
  const parsed = parseAdminInput(SlideSchema, input);
  if (!parsed.success) return refused(parsed.error);
  const menuName = await slideMenuName(db, parsed.data.menu_item_id);
  if (menuName === null) return fail(400, SLIDE_MESSAGES.menu, { menu_item_id: SLIDE_MESSAGES.menu });
  // An unknown slide is refused before its picture is stored.
  const [exists] = await db.select({ id: slides.id }).from(slides).where(eq(slides.id, id));
  if (!exists) return fail(404, SLIDE_MESSAGES.notFound);
  const stored = await storePhoto(photo, "slide");
  if (!stored.ok) return stored;
  const values = parsed.data;
  const updated = await editWithPhoto(db, stored.path, () =>
    db.transaction(async (tx) => {
      // Locked until this change commits, so the audit entry describes the values it replaced.
      const [row] = await tx.select().from(slides).where(eq(slides.id, id)).for("update");
      if (!row) return false;
      const before = {
        title: row.title,
        text: row.text,
        menu_nama: await slideMenuName(tx, row.menu_item_id),
        urutan: row.urutan,
        aktif: row.aktif,
        image: row.image,
      };
      const changes = diff(before, {
        title: values.title,
        text: values.text,
        menu_nama: menuName,
        urutan: values.urutan,
        aktif: values.aktif,
        image: stored.path ?? row.image,
      });
      await tx
        .update(slides)
        .set({
          ...values,
          menu_item_id: values.menu_item_id || null,
          ...(stored.path ? { image: stored.path } : {}),
          updated_at: new Date(),
        })
        .where(eq(slides.id, id));
      await writeAudit(tx, actor, {
        action: "ubah",
        entity: "slide",
        entityId: id,
        summary: `Banner ${values.title}: ${describeChanges(changes, SLIDE_WORDING)}`,
        details: { changes },
      });
      return row.image;
    }),
  );
  if (!updated) return fail(404, SLIDE_MESSAGES.notFound);
  return done(undefined);
}

export async function deleteSlide(db: Database, actor: Actor, id: number): Promise<AdminResult> {
  if (!isRowId(id)) return fail(404, SLIDE_MESSAGES.notFound);
  const deleted = await db.transaction(async (tx) => {
    const [row] = await tx
      .delete(slides)
      .where(eq(slides.id, id))
      .returning({ title: slides.title, image: slides.image });
    if (!row) return false;
    await writeAudit(tx, actor, {
      action: "hapus",
      entity: "slide",
      entityId: id,
      summary: `Banner ${row.title} dihapus`,
    });
    return row;
  });
  if (!deleted) return fail(404, SLIDE_MESSAGES.notFound);
  await discardPhoto(db, deleted.image);
  return done(undefined);
}

// --- Store settings (/admin/outlet) ------------------------------------------------------------

export const OUTLET_MESSAGES = {
  brandRequired: "Nama toko wajib diisi.",
  brandTooLong: "Nama toko paling banyak 60 karakter.",
  addressRequired: "Alamat wajib diisi.",
  addressTooLong: "Alamat paling banyak 200 karakter.",
  whatsapp: WHATSAPP_NUMBER_MESSAGES.invalid,
  social: (name: string) => `Tautan ${name} harus alamat web lengkap yang diawali https://, atau kosongkan.`,
  timezone: "Pilih zona waktu: WIB, WITA, atau WIT.",
  time: (day: string) => `Jam buka dan tutup ${day} harus berformat JJ:MM, misalnya 10:00.`,
} as const;

const socialUrl = (name: string) =>
  z.preprocess(
    (value) => trimmed(value ?? ""),
    z
      .string({ error: OUTLET_MESSAGES.social(name) })
      .max(200, OUTLET_MESSAGES.social(name))
      .refine((value) => {
        if (value === "") return true;
        try {
          const url = new URL(value);
          return (url.protocol === "https:" || url.protocol === "http:") && url.hostname.includes(".");
        } catch {
          return false;
        }
      }, OUTLET_MESSAGES.social(name)),
  );

const dayFields = Object.fromEntries(
  DAY_NAMES.flatMap((day, index) => [
    [
      `buka_${index}`,
      z.preprocess(
        (value) => trimmed(value ?? ""),
        z.string({ error: OUTLET_MESSAGES.time(day) }).refine(isTime, OUTLET_MESSAGES.time(day)),
      ),
    ],
    [
      `tutup_${index}`,
      z.preprocess(
        (value) => trimmed(value ?? ""),
        z.string({ error: OUTLET_MESSAGES.time(day) }).refine(isTime, OUTLET_MESSAGES.time(day)),
      ),
    ],
    [`libur_${index}`, checkbox],
  ]),
) as Record<string, z.ZodType<string | boolean>>;

export const OutletSchema = z.object({
  brand: textField(60, OUTLET_MESSAGES.brandTooLong, OUTLET_MESSAGES.brandRequired),
  address: textField(200, OUTLET_MESSAGES.addressTooLong, OUTLET_MESSAGES.addressRequired),
  // An Indonesian number typed without letters (whatsapp.ts), stored normalised: `6281234567890`.
  whatsapp: z.string({ error: OUTLET_MESSAGES.whatsapp }).transform((value, context) => {
    const parsed = parseStoreWhatsAppNumber(value);
    if (parsed.ok) return parsed.number;
    context.addIssue({ code: "custom", message: parsed.message });
    return z.NEVER;
  }),
  instagram_url: socialUrl("Instagram"),
  facebook_url: socialUrl("Facebook"),
  tiktok_url: socialUrl("TikTok"),
  timezone: z.enum(TIMEZONES.map((zone) => zone.id) as [string, ...string[]], {
    error: OUTLET_MESSAGES.timezone,
  }),
  ...dayFields,
});

/** The form's values for the current settings (`buka_0` … `libur_6` for the hours). */
export function outletFormValues(values: StoreSettingsValues): Record<string, string | boolean> {
  const hours = Object.fromEntries(
    values.opening_hours.flatMap((day, index) => [
      [`buka_${index}`, day.buka],
      [`tutup_${index}`, day.tutup],
      [`libur_${index}`, day.libur],
    ]),
  );
  return {
    brand: values.brand,
    address: values.address,
    whatsapp: values.whatsapp,
    instagram_url: values.instagram_url,
    facebook_url: values.facebook_url,
    tiktok_url: values.tiktok_url,
    timezone: values.timezone,
    ...hours,
  };
}

/** Saves the store settings; the WhatsApp number is stored normalised (`6281234567890`). */
export async function updateStoreSettings(db: Database, actor: Actor, input: RawInput): Promise<AdminResult> {
  const parsed = parseAdminInput(OutletSchema, input);
  if (!parsed.success) return refused(parsed.error);
  const values = parsed.data as z.infer<typeof OutletSchema> & Record<string, string | boolean>;
  const opening_hours: OpeningDay[] = DAY_NAMES.map((_, index) => ({
    buka: String(values[`buka_${index}`]),
    tutup: String(values[`tutup_${index}`]),
    libur: values[`libur_${index}`] === true,
  }));
  const next = {
    brand: values.brand,
    address: values.address,
    whatsapp: values.whatsapp,
    instagram_url: values.instagram_url,
    facebook_url: values.facebook_url,
    tiktok_url: values.tiktok_url,
    opening_hours,
    timezone: values.timezone,
  };
  const before = await getStoreSettingsValues(db);
  const changed = Object.keys(next).filter(
    (key) =>
      JSON.stringify(before[key as keyof StoreSettingsValues]) !==
      JSON.stringify(next[key as keyof typeof next]),
  );
  await db.transaction(async (tx) => {
    await tx
      .insert(storeSettings)
      .values({ id: 1, ...next })
      .onConflictDoUpdate({ target: storeSettings.id, set: { ...next, updated_at: new Date() } });
    await writeAudit(tx, actor, {
      action: "ubah",
      entity: "outlet",
      entityId: 1,
      summary: changed.length
        ? `Pengaturan toko diubah: ${changed.map(outletFieldName).join(", ")}`
        : "Pengaturan toko disimpan tanpa perubahan",
      details: { before: pick(before, changed), after: pick(next, changed) },
    });
  });
  return done(undefined);
}

const OUTLET_FIELD_NAMES: Record<string, string> = {
  brand: "nama toko",
  address: "alamat",
  whatsapp: "nomor WhatsApp",
  instagram_url: "Instagram",
  facebook_url: "Facebook",
  tiktok_url: "TikTok",
  opening_hours: "jam buka",
  timezone: "zona waktu",
};
const outletFieldName = (key: string) => OUTLET_FIELD_NAMES[key] ?? key;

const pick = (source: object, keys: string[]) =>
  Object.fromEntries(keys.map((key) => [key, (source as Record<string, unknown>)[key]]));
