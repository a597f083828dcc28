// /admin/menu's writes: each change and its audit entry in one transaction, photos via media/photo-writes.
// Callers have checked `requireAccess`; the actor given is trusted.
import { and, asc, eq, ne, sql } from "drizzle-orm";
import type { Database } from "../../../database/client.server.ts";
import { categories, menuItems } from "../../../database/schema.ts";
import { invalidateContentCache } from "../../lib/content-cache.server.ts";
import { formatRupiah } from "../../lib/format.ts";
import { parseAdminInput } from "../../lib/form-input.server.ts";
import { refuse, refusedBy, written, type WriteResult } from "../../lib/write-result.ts";
import { describeEdit, type ChangeWording } from "../audit/audit-changes.ts";
import { writeAudit, type Actor } from "../audit/audit-log.server.ts";
import { createWithPhoto, deleteWithPhoto, updateWithPhoto } from "../media/photo-writes.server.ts";
import { menuItemColumns, type MenuItemView } from "./catalog.server.ts";
import { freeSlug } from "./free-slug.server.ts";
import { MENU_MESSAGES, MenuItemSchema, type MenuItemValues } from "./menu-item-schema.ts";

export interface AdminMenuItem extends Omit<MenuItemView, "levels" | "sisa"> {
  porsi_harian: number | null;
  featured_rank: number | null;
  best_seller_rank: number | null;
  produk_rank: number | null;
}

export function listMenuItemsForAdmin(db: Database): Promise<AdminMenuItem[]> {
  return db
    .select({
      ...menuItemColumns,
      porsi_harian: menuItems.porsi_harian,
      featured_rank: menuItems.featured_rank,
      best_seller_rank: menuItems.best_seller_rank,
      produk_rank: menuItems.produk_rank,
    })
    .from(menuItems)
    .innerJoin(categories, eq(categories.id, menuItems.category_id))
    .orderBy(
      asc(categories.urutan),
      sql`coalesce(${menuItems.level_family}, ${menuItems.nama})`,
      asc(menuItems.level),
      asc(menuItems.nama),
    );
}

type Reader = Pick<Database, "select">;

type MenuColumns = Omit<MenuItemValues, "kategori" | "level_family"> & {
  category_id: string;
  level_family: string | null;
};

// A family is matched regardless of case and keeps its spelling (`mie nyala` joins `Mie Nyala`).
async function menuColumns(
  db: Reader,
  input: unknown,
  id: string | null,
): Promise<
  { ok: true; values: MenuItemValues; columns: MenuColumns } | { ok: false; refusal: WriteResult<never> }
> {
  const parsed = parseAdminInput(MenuItemSchema, input);
  if (!parsed.success) return { ok: false, refusal: refusedBy(parsed.error) };
  const values = parsed.data;
  const { kategori, level_family, ...rest } = values;
  const [category] = await db
    .select({ id: categories.id })
    .from(categories)
    .where(eq(categories.nama, kategori));
  if (!category) {
    return { ok: false, refusal: refuse(400, MENU_MESSAGES.kategori, { kategori: MENU_MESSAGES.kategori }) };
  }
  let family: string | null = null;
  if (level_family && values.level !== null) {
    const members = await db
      .select({
        id: menuItems.id,
        nama: menuItems.nama,
        family: menuItems.level_family,
        level: menuItems.level,
      })
      .from(menuItems)
      .where(
        and(
          sql`lower(${menuItems.level_family}) = lower(${level_family})`,
          id === null ? undefined : ne(menuItems.id, id),
        ),
      );
    family = members[0]?.family ?? level_family;
    const taken = members.find((member) => member.level === values.level);
    if (taken) {
      const message = MENU_MESSAGES.levelTaken(family, values.level, taken.nama);
      return { ok: false, refusal: refuse(400, message, { level: message }) };
    }
  }
  return { ok: true, values, columns: { ...rest, category_id: category.id, level_family: family } };
}

// Two saves claiming one level at once: the unique index refuses the second.
function isLevelTaken(error: unknown): boolean {
  const cause = (error as { cause?: unknown })?.cause ?? error;
  const { code, constraint } = (cause ?? {}) as { code?: string; constraint?: string };
  return code === "23505" && constraint === "menu_items_level_family_level_key";
}

async function refusingTakenLevel<T>(values: MenuItemValues, write: () => Promise<WriteResult<T>>) {
  try {
    return await write();
  } catch (error) {
    if (!isLevelTaken(error)) throw error;
    const message = MENU_MESSAGES.levelTaken(values.level_family, values.level ?? 0, values.nama);
    return refuse(400, message, { level: message });
  }
}

export async function createMenuItem(
  db: Database,
  actor: Actor,
  input: unknown,
  photo: unknown,
): Promise<WriteResult<{ id: string }>> {
  const checked = await menuColumns(db, input, null);
  if (!checked.ok) return checked.refusal;
  const { values, columns } = checked;
  return refusingTakenLevel(values, () =>
    createWithPhoto(
      db,
      photo,
      { kind: "menu", required: MENU_MESSAGES.photoRequired },
      async (tx, gambar) => {
        const id = await freeSlug(tx, menuItems, menuItems.id, values.nama, { max: 50, fallback: "menu" });
        await tx.insert(menuItems).values({ id, ...columns, gambar });
        await writeAudit(tx, actor, {
          action: "buat",
          entity: "menu",
          entityId: id,
          summary: `Menu baru ${values.nama} (${values.kategori}, ${formatRupiah(values.harga)})`,
          details: { ...values, gambar },
        });
        return id;
      },
    ),
  );
}

const MENU_WORDING: ChangeWording = {
  harga: (before, after) => `harga ${formatRupiah(Number(before))} → ${formatRupiah(Number(after))}`,
  tersedia: (_, after) => (after ? "tersedia lagi" : "ditandai habis"),
  level_family: (_, after) => (after ? `hidangan ${String(after)}` : "tanpa level pedas"),
  level: (_, after) => (after === null ? "tanpa level" : `level ${String(after)}`),
  porsi_harian: (_, after) => (after === null ? "tanpa porsi harian" : `porsi harian ${String(after)}`),
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
  const checked = await menuColumns(db, input, id);
  if (!checked.ok) return checked.refusal;
  const { values, columns } = checked;
  const exists = async () =>
    (await db.select({ id: menuItems.id }).from(menuItems).where(eq(menuItems.id, id))).length > 0;
  return refusingTakenLevel(values, () =>
    updateWithPhoto(
      db,
      photo,
      { kind: "menu", notFound: MENU_MESSAGES.notFound, exists },
      async (tx, image) => {
        // Locked until this change commits: edits of one item queue, and each audit entry describes what it replaced.
        // Locked alone, then read with its category: a locking read over the join would drop a row moved meanwhile.
        const [locked] = await tx
          .select({ id: menuItems.id })
          .from(menuItems)
          .where(eq(menuItems.id, id))
          .for("update");
        if (!locked) return false;
        const [row] = await tx
          .select({ ...menuItemColumns, porsi_harian: menuItems.porsi_harian })
          .from(menuItems)
          .innerJoin(categories, eq(categories.id, menuItems.category_id))
          .where(eq(menuItems.id, id));
        if (!row) return false;
        const { id: _id, category_id: _category, ...before } = row;
        const gambar = image ?? before.gambar;
        await tx
          .update(menuItems)
          .set({ ...columns, gambar, updated_at: new Date() })
          .where(eq(menuItems.id, id));
        const after = { ...values, level_family: columns.level_family, gambar };
        await writeAudit(tx, actor, {
          action: "ubah",
          entity: "menu",
          entityId: id,
          ...describeEdit(`Menu ${values.nama}`, before, after, MENU_WORDING),
        });
        return before.gambar;
      },
    ),
  );
}

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

// Past orders keep their lines (copied name and price); a slide linking to it falls back to its own title.
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
