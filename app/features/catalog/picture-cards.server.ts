/**
 * What promos and slides (the two kinds of picture card of /beranda) share: a numeric id, a
 * title, a picture, and the same ways to be found, created and deleted. promos.server.ts and
 * slides.server.ts add what differs (dates, the linked dish).
 */
import { eq } from "drizzle-orm";
import type { Database } from "../../../database/client.server.ts";
import { promos, slides } from "../../../database/schema.ts";
import { isRowId } from "../../lib/form-input.server.ts";
import { refuse, type WriteResult } from "../../lib/write-result.ts";
import { writeAudit, type Actor } from "../audit/audit-log.server.ts";
import { createWithPhoto, deleteWithPhoto, type Transaction } from "../media/photo-writes.server.ts";
import { PROMO_MESSAGES } from "./promo-schema.ts";
import { SLIDE_MESSAGES } from "./slide-schema.ts";

const CARDS = {
  promo: { table: promos, label: "Promo", messages: PROMO_MESSAGES },
  slide: { table: slides, label: "Banner", messages: SLIDE_MESSAGES },
} as const;

type CardKind = keyof typeof CARDS;

export const cardNotFound = (kind: CardKind) => refuse(404, CARDS[kind].messages.notFound);

/** Whether a card with this id exists (an id beyond PostgreSQL's integers never does). */
export async function cardExists(db: Database, kind: CardKind, id: number): Promise<boolean> {
  if (!isRowId(id)) return false;
  const { table } = CARDS[kind];
  return (await db.select({ id: table.id }).from(table).where(eq(table.id, id))).length > 0;
}

/** A new card with its picture: `insert` writes the row and answers its id; audited here. */
export function createCard(
  db: Database,
  actor: Actor,
  kind: CardKind,
  photo: unknown,
  values: { title: string },
  insert: (tx: Transaction, image: string) => Promise<number>,
): Promise<WriteResult<{ id: number }>> {
  const { label, messages } = CARDS[kind];
  return createWithPhoto(db, photo, { kind, required: messages.photoRequired }, async (tx, image) => {
    const id = await insert(tx, image);
    await writeAudit(tx, actor, {
      action: "buat",
      entity: kind,
      entityId: id,
      summary: `${label} baru ${values.title}`,
      details: { ...values, image },
    });
    return id;
  });
}

export function deleteCard(db: Database, actor: Actor, kind: CardKind, id: number): Promise<WriteResult> {
  const { table, label, messages } = CARDS[kind];
  if (!isRowId(id)) return Promise.resolve(refuse(404, messages.notFound));
  return deleteWithPhoto(db, messages.notFound, async (tx) => {
    const [row] = await tx
      .delete(table)
      .where(eq(table.id, id))
      .returning({ title: table.title, image: table.image });
    if (!row) return false;
    await writeAudit(tx, actor, {
      action: "hapus",
      entity: kind,
      entityId: id,
      summary: `${label} ${row.title} dihapus`,
    });
    return row.image;
  });
}
