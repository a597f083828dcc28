/**
 * The menu items admins change in /admin/menu: create, edit, mark sold out, delete.
 *
 * Every function checks its input with MenuItemSchema (menu-item-schema.ts, the page's own
 * check), writes the change and its audit-log entry in one transaction, and clears the content
 * cache so the storefront shows it at the next page load; the photo is handled by
 * photo-writes.server.ts. The caller has already checked that the actor is an admin
 * (`requireAdmin`); these functions trust the actor they are given.
 */
import { asc, eq, sql } from "drizzle-orm";
import type { Database } from "../../../database/client.server.ts";
import { categories, menuItems } from "../../../database/schema.ts";
import { invalidateContentCache } from "../../lib/content-cache.server.ts";
import { formatRupiah } from "../../lib/format.ts";
import { parseAdminInput } from "../../lib/form-input.server.ts";
import { refuse, refusedBy, written, type WriteResult } from "../../lib/write-result.ts";
import { describeEdit, type ChangeWording } from "../admin/audit-changes.ts";
import { writeAudit, type Actor } from "../admin/audit-log.server.ts";
import { createWithPhoto, deleteWithPhoto, updateWithPhoto } from "../media/photo-writes.server.ts";
import { menuItemColumns } from "./catalog.server.ts";
import { MENU_MESSAGES, MenuItemSchema } from "./menu-item-schema.ts";

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

async function categoryIdOf(db: Pick<Database, "select">, nama: string): Promise<string> {
  const [row] = await db.select({ id: categories.id }).from(categories).where(eq(categories.nama, nama));
  return row?.id ?? "makanan";
}

export async function createMenuItem(
  db: Database,
  actor: Actor,
  input: unknown,
  photo: unknown,
): Promise<WriteResult<{ id: string }>> {
  const parsed = parseAdminInput(MenuItemSchema, input);
  if (!parsed.success) return refusedBy(parsed.error);
  const values = parsed.data;
  return createWithPhoto(
    db,
    photo,
    { kind: "menu", required: MENU_MESSAGES.photoRequired },
    async (tx, gambar) => {
      const id = await freeMenuItemId(tx, values.nama);
      const { kategori, ...columns } = values;
      await tx
        .insert(menuItems)
        .values({ id, ...columns, category_id: await categoryIdOf(tx, kategori), gambar });
      await writeAudit(tx, actor, {
        action: "buat",
        entity: "menu",
        entityId: id,
        summary: `Menu baru ${values.nama} (${values.kategori}, ${formatRupiah(values.harga)})`,
        details: { ...values, gambar },
      });
      return id;
    },
  );
}

const MENU_WORDING: ChangeWording = {
  harga: (before, after) => `harga ${formatRupiah(Number(before))} → ${formatRupiah(Number(after))}`,
  tersedia: (_, after) => (after ? "tersedia lagi" : "ditandai habis"),
  takes_level: (_, after) => (after ? "memakai level pedas" : "tanpa level pedas"),
  gambar: () => "foto baru",
  deskripsi: () => "deskripsi diubah",
};

export async function updateMenuItem(
  db: Database,
  actor: Actor,
  id: string,
  input: unknown,
  photo: unknown,
): Promise<WriteResult> {
  const parsed = parseAdminInput(MenuItemSchema, input);
  if (!parsed.success) return refusedBy(parsed.error);
  const values = parsed.data;
  const exists = async () =>
    (await db.select({ id: menuItems.id }).from(menuItems).where(eq(menuItems.id, id))).length > 0;
  return updateWithPhoto(
    db,
    photo,
    { kind: "menu", notFound: MENU_MESSAGES.notFound, exists },
    async (tx, image) => {
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
      const after = { ...values, gambar: image ?? before.gambar };
      const { kategori, ...columns } = after;
      await tx
        .update(menuItems)
        .set({ ...columns, category_id: await categoryIdOf(tx, kategori), updated_at: new Date() })
        .where(eq(menuItems.id, id));
      await writeAudit(tx, actor, {
        action: "ubah",
        entity: "menu",
        entityId: id,
        ...describeEdit(`Menu ${values.nama}`, before, after, MENU_WORDING),
      });
      return before.gambar;
    },
  );
}

/** Marks an item sold out (`Habis`) or available again, from the menu list. */
export async function setMenuItemAvailability(
  db: Database,
  actor: Actor,
  id: string,
  tersedia: boolean,
): Promise<WriteResult> {
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
  if (!changed) return refuse(404, MENU_MESSAGES.notFound);
  invalidateContentCache();
  return written(undefined);
}

/**
 * Deletes a menu item. Past orders keep their lines (name and price were copied at order time);
 * a slide that linked to it falls back to its own title.
 */
export function deleteMenuItem(db: Database, actor: Actor, id: string): Promise<WriteResult> {
  return deleteWithPhoto(db, MENU_MESSAGES.notFound, async (tx) => {
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
    return row.gambar;
  });
}
