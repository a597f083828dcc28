// What /beranda's picture cards (promos, slides) share; each kind describes itself as a PictureCard.
import { eq } from "drizzle-orm";
import type { Database } from "../../../database/client.server.ts";
import type { promos, slides } from "../../../database/schema.ts";
import { isRowId } from "../../lib/form-input.server.ts";
import { refuse, type WriteResult } from "../../lib/write-result.ts";
import { writeAudit, type Actor } from "../audit/audit-log.server.ts";
import {
  createWithPhoto,
  deleteWithPhoto,
  updateWithPhoto,
  type Transaction,
} from "../media/photo-writes.server.ts";

export interface PictureCard {
  kind: "promo" | "slide";
  table: typeof promos | typeof slides;
  label: string;
  messages: { notFound: string; photoRequired: string };
}

export const cardNotFound = (card: PictureCard) => refuse(404, card.messages.notFound);

/** An id beyond PostgreSQL's integers never exists. */
async function cardExists(db: Database, { table }: PictureCard, id: number): Promise<boolean> {
  if (!isRowId(id)) return false;
  return (await db.select({ id: table.id }).from(table).where(eq(table.id, id))).length > 0;
}

export function createCard(
  db: Database,
  actor: Actor,
  card: PictureCard,
  photo: unknown,
  values: { title: string },
  insert: (tx: Transaction, image: string) => Promise<number>,
  { photoOptional = false }: { photoOptional?: boolean } = {},
): Promise<WriteResult<{ id: number }>> {
  const { kind, label, messages } = card;
  const required = photoOptional ? null : messages.photoRequired;
  return createWithPhoto(db, photo, { kind, required }, async (tx, image) => {
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

// `update` changes the locked row and answers its old picture, or false when the row is gone.
export function updateCard(
  db: Database,
  card: PictureCard,
  id: number,
  photo: unknown,
  update: (tx: Transaction, image: string | null) => Promise<string | false>,
): Promise<WriteResult> {
  const exists = () => cardExists(db, card, id);
  return updateWithPhoto(db, photo, { kind: card.kind, notFound: card.messages.notFound, exists }, update);
}

export function deleteCard(db: Database, actor: Actor, card: PictureCard, id: number): Promise<WriteResult> {
  const { table, kind, label, messages } = card;
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
