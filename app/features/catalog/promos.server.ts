/**
 * The promo cards of /beranda (/admin/menu-diskon). A promo shows between two days of the
 * store's calendar: the form speaks in `YYYY-MM-DD`, the row stores the moments those days begin
 * and end in the store's time zone. Checked with PromoSchema (promo-schema.ts); written with
 * its audit entry in one transaction (picture-cards.server.ts, photo-writes.server.ts). The
 * caller has already checked that the actor is an admin.
 */
import { asc, eq } from "drizzle-orm";
import type { Database } from "../../../database/client.server.ts";
import { promos } from "../../../database/schema.ts";
import { isRowId, parseAdminInput } from "../../lib/form-input.server.ts";
import { refusedBy, type WriteResult } from "../../lib/write-result.ts";
import { describeEdit, type ChangeWording } from "../admin/audit-changes.ts";
import { writeAudit, type Actor } from "../admin/audit-log.server.ts";
import { updateWithPhoto } from "../media/photo-writes.server.ts";
import { startOfZonedDay, zonedDateString } from "../store/opening-hours.ts";
import { getStoreSettingsValues } from "../store/settings.server.ts";
import { PROMO_MESSAGES, PromoSchema, type PromoValues } from "./promo-schema.ts";
import { cardExists, cardNotFound, createCard, deleteCard } from "./picture-cards.server.ts";

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

function promoColumns(values: PromoValues, timezone: string) {
  return {
    ...values,
    active_from: values.active_from ? startOfZonedDay(values.active_from, timezone) : null,
    active_until: values.active_until ? startOfZonedDay(values.active_until, timezone, 1) : null,
  };
}

export async function createPromo(
  db: Database,
  actor: Actor,
  input: unknown,
  photo: unknown,
): Promise<WriteResult<{ id: number }>> {
  const parsed = parseAdminInput(PromoSchema, input);
  if (!parsed.success) return refusedBy(parsed.error);
  const { timezone } = await getStoreSettingsValues(db);
  return createCard(db, actor, "promo", photo, parsed.data, async (tx, image) => {
    const [row] = await tx
      .insert(promos)
      .values({ ...promoColumns(parsed.data, timezone), image })
      .returning({ id: promos.id });
    return row!.id;
  });
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
  input: unknown,
  photo: unknown,
): Promise<WriteResult> {
  if (!isRowId(id)) return cardNotFound("promo");
  const parsed = parseAdminInput(PromoSchema, input);
  if (!parsed.success) return refusedBy(parsed.error);
  const values = parsed.data;
  const { timezone } = await getStoreSettingsValues(db);
  const rule = {
    kind: "promo",
    notFound: PROMO_MESSAGES.notFound,
    exists: () => cardExists(db, "promo", id),
  } as const;
  return updateWithPhoto(db, photo, rule, async (tx, image) => {
    // Locked until this change commits, so the audit entry describes the values it replaced.
    const [row] = await tx.select().from(promos).where(eq(promos.id, id)).for("update");
    if (!row) return false;
    const { id: _id, ...before } = promoFormValues(row, timezone);
    await tx
      .update(promos)
      .set({ ...promoColumns(values, timezone), ...(image ? { image } : {}), updated_at: new Date() })
      .where(eq(promos.id, id));
    await writeAudit(tx, actor, {
      action: "ubah",
      entity: "promo",
      entityId: id,
      ...describeEdit(
        `Promo ${values.title}`,
        before,
        { ...values, image: image ?? before.image },
        PROMO_WORDING,
      ),
    });
    return row.image;
  });
}

export const deletePromo = (db: Database, actor: Actor, id: number) => deleteCard(db, actor, "promo", id);
