// The menu's categories, in their `urutan`; deleted only while no item is in it. The caller checked admin.
import { asc, count, eq, sql } from "drizzle-orm";
import type { Database } from "../../../database/client.server.ts";
import { categories, menuItems } from "../../../database/schema.ts";
import { invalidateContentCache } from "../../lib/content-cache.server.ts";
import { parseAdminInput } from "../../lib/form-input.server.ts";
import { refuse, refusedBy, written, type WriteResult } from "../../lib/write-result.ts";
import { writeAudit, type Actor } from "../audit/audit-log.server.ts";
import { CATEGORY_MESSAGES, CategorySchema } from "./category-schema.ts";
import { freeSlug } from "./free-slug.server.ts";

export interface AdminCategory {
  id: string;
  nama: string;
  urutan: number;
  items: number;
}

export async function listCategories(db: Database): Promise<AdminCategory[]> {
  const rows = await db
    .select({
      id: categories.id,
      nama: categories.nama,
      urutan: categories.urutan,
      items: count(menuItems.id),
    })
    .from(categories)
    .leftJoin(menuItems, eq(menuItems.category_id, categories.id))
    .groupBy(categories.id)
    .orderBy(asc(categories.urutan), asc(categories.nama));
  return rows.map((row) => ({ ...row, items: Number(row.items) }));
}

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

// Numbers 1, 2, 3… in the order shown, the category just placed first among equals: no two share one.
async function renumber(tx: Tx, placed: string) {
  const rows = await tx
    .select({ id: categories.id, nama: categories.nama, urutan: categories.urutan })
    .from(categories)
    .for("update");
  rows.sort(
    (a, b) =>
      a.urutan - b.urutan ||
      Number(b.id === placed) - Number(a.id === placed) ||
      a.nama.localeCompare(b.nama, "id"),
  );
  for (const [index, row] of rows.entries()) {
    if (row.urutan !== index + 1)
      await tx
        .update(categories)
        .set({ urutan: index + 1 })
        .where(eq(categories.id, row.id));
  }
}

export async function createCategory(
  db: Database,
  actor: Actor,
  input: unknown,
): Promise<WriteResult<{ id: string }>> {
  const parsed = parseAdminInput(CategorySchema, input);
  if (!parsed.success) return refusedBy(parsed.error);
  const { nama, urutan } = parsed.data;
  const taken = () => refuse(400, CATEGORY_MESSAGES.taken(nama), { nama: CATEGORY_MESSAGES.taken(nama) });
  const result = await db.transaction(async (tx): Promise<WriteResult<{ id: string }>> => {
    const [same] = await tx
      .select({ id: categories.id })
      .from(categories)
      .where(sql`lower(${categories.nama}) = lower(${nama})`);
    if (same) return taken();
    const id = await freeSlug(tx, categories, categories.id, nama, { max: 40, fallback: "kategori" });
    // A simultaneous add of the same name loses on the unique name: answered as taken.
    const [row] = await tx
      .insert(categories)
      .values({ id, nama, urutan })
      .onConflictDoNothing()
      .returning({ id: categories.id });
    if (!row) return taken();
    await renumber(tx, id);
    await writeAudit(tx, actor, {
      action: "buat",
      entity: "kategori",
      entityId: id,
      summary: `Kategori baru ${nama}`,
      details: { nama, urutan },
    });
    return written({ id });
  });
  if (result.ok) invalidateContentCache();
  return result;
}

export async function updateCategory(
  db: Database,
  actor: Actor,
  id: string,
  input: unknown,
): Promise<WriteResult> {
  const parsed = parseAdminInput(CategorySchema, input);
  if (!parsed.success) return refusedBy(parsed.error);
  const { nama, urutan } = parsed.data;
  const result = await db.transaction(async (tx): Promise<WriteResult> => {
    const [row] = await tx
      .select({ nama: categories.nama, urutan: categories.urutan })
      .from(categories)
      .where(eq(categories.id, id))
      .for("update");
    if (!row) return refuse(404, CATEGORY_MESSAGES.notFound);
    const [same] = await tx
      .select({ id: categories.id })
      .from(categories)
      .where(sql`lower(${categories.nama}) = lower(${nama}) and ${categories.id} <> ${id}`);
    if (same) return refuse(400, CATEGORY_MESSAGES.taken(nama), { nama: CATEGORY_MESSAGES.taken(nama) });
    const changed = await tx
      .update(categories)
      .set({ nama, urutan, updated_at: new Date() })
      .where(eq(categories.id, id))
      .returning({ id: categories.id });
    if (changed.length === 0) return refuse(404, CATEGORY_MESSAGES.notFound);
    await renumber(tx, id);
    await writeAudit(tx, actor, {
      action: "ubah",
      entity: "kategori",
      entityId: id,
      summary: `Kategori ${row.nama} diubah${row.nama === nama ? "" : ` menjadi ${nama}`} (urutan ${urutan})`,
      details: { from: row, to: { nama, urutan } },
    });
    return written(undefined);
  });
  if (result.ok) invalidateContentCache();
  return result;
}

export async function deleteCategory(db: Database, actor: Actor, id: string): Promise<WriteResult> {
  const result = await db.transaction(async (tx): Promise<WriteResult> => {
    const [row] = await tx
      .select({ nama: categories.nama })
      .from(categories)
      .where(eq(categories.id, id))
      .for("update");
    if (!row) return refuse(404, CATEGORY_MESSAGES.notFound);
    const [used] = await tx.select({ n: count() }).from(menuItems).where(eq(menuItems.category_id, id));
    if ((used?.n ?? 0) > 0) return refuse(409, CATEGORY_MESSAGES.notEmpty(row.nama, used!.n));
    await tx.delete(categories).where(eq(categories.id, id));
    await renumber(tx, "");
    await writeAudit(tx, actor, {
      action: "hapus",
      entity: "kategori",
      entityId: id,
      summary: `Kategori ${row.nama} dihapus`,
    });
    return written(undefined);
  });
  if (result.ok) invalidateContentCache();
  return result;
}
