// The /beranda slides: each write with its audit entry in one transaction (0027); the caller checked admin.
import { asc, eq } from "drizzle-orm";
import type { Database } from "../../../database/client.server.ts";
import { menuItems, slides } from "../../../database/schema.ts";
import { isRowId, parseAdminInput } from "../../lib/form-input.server.ts";
import { refuse, refusedBy, type WriteResult } from "../../lib/write-result.ts";
import { describeEdit, type ChangeWording } from "../audit/audit-changes.ts";
import { writeAudit, type Actor } from "../audit/audit-log.server.ts";
import {
  cardNotFound,
  createCard,
  deleteCard,
  updateCard,
  type PictureCard,
} from "./picture-cards.server.ts";
import { slideViewColumns } from "./catalog.server.ts";
import { SLIDE_MESSAGES, SlideSchema, type SlideValues } from "./slide-schema.ts";

const SLIDE_CARD: PictureCard = { kind: "slide", table: slides, label: "Banner", messages: SLIDE_MESSAGES };

export function listSlidesForAdmin(db: Database) {
  return db
    .select({
      ...slideViewColumns,
      menu_item_id: slides.menu_item_id,
      menu_nama: menuItems.nama,
      urutan: slides.urutan,
      aktif: slides.aktif,
    })
    .from(slides)
    .leftJoin(menuItems, eq(menuItems.id, slides.menu_item_id))
    .orderBy(asc(slides.urutan), asc(slides.id));
}

/** "" for none, null for an id no item has. */
async function slideMenuName(db: Pick<Database, "select">, menuItemId: string | null) {
  if (!menuItemId) return "";
  const [row] = await db.select({ nama: menuItems.nama }).from(menuItems).where(eq(menuItems.id, menuItemId));
  return row?.nama ?? null;
}

const unknownDish = () => refuse(400, SLIDE_MESSAGES.menu, { menu_item_id: SLIDE_MESSAGES.menu });

const slideColumns = (values: SlideValues) => ({ ...values, menu_item_id: values.menu_item_id || null });

export async function createSlide(
  db: Database,
  actor: Actor,
  input: unknown,
  photo: unknown,
): Promise<WriteResult<{ id: number }>> {
  const parsed = parseAdminInput(SlideSchema, input);
  if (!parsed.success) return refusedBy(parsed.error);
  if ((await slideMenuName(db, parsed.data.menu_item_id)) === null) return unknownDish();
  return createCard(db, actor, SLIDE_CARD, photo, parsed.data, async (tx, image) => {
    const [row] = await tx
      .insert(slides)
      .values({ ...slideColumns(parsed.data), image })
      .returning({ id: slides.id });
    return row!.id;
  });
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
  input: unknown,
  photo: unknown,
): Promise<WriteResult> {
  if (!isRowId(id)) return cardNotFound(SLIDE_CARD);
  const parsed = parseAdminInput(SlideSchema, input);
  if (!parsed.success) return refusedBy(parsed.error);
  const values = parsed.data;
  const menuName = await slideMenuName(db, values.menu_item_id);
  if (menuName === null) return unknownDish();
  return updateCard(db, SLIDE_CARD, id, photo, async (tx, image) => {
    // Locked until this change commits, so the audit entry describes the values it replaced.
    const [row] = await tx.select().from(slides).where(eq(slides.id, id)).for("update");
    if (!row) return false;
    // The linked dish by its name: the log says which dish, not which id.
    const before = {
      title: row.title,
      text: row.text,
      menu_nama: await slideMenuName(tx, row.menu_item_id),
      urutan: row.urutan,
      aktif: row.aktif,
      image: row.image,
    };
    const after = {
      title: values.title,
      text: values.text,
      menu_nama: menuName,
      urutan: values.urutan,
      aktif: values.aktif,
      image: image ?? row.image,
    };
    await tx
      .update(slides)
      .set({ ...slideColumns(values), ...(image ? { image } : {}), updated_at: new Date() })
      .where(eq(slides.id, id));
    await writeAudit(tx, actor, {
      action: "ubah",
      entity: "slide",
      entityId: id,
      ...describeEdit(`Banner ${values.title}`, before, after, SLIDE_WORDING),
    });
    return row.image;
  });
}

export const deleteSlide = (db: Database, actor: Actor, id: number) => deleteCard(db, actor, SLIDE_CARD, id);
