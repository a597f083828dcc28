// Writes of rows that show an uploaded photo, so no photo is left behind or goes missing (0035).
import { eq } from "drizzle-orm";
import type { Database } from "../../../database/client.server.ts";
import { menuItems, promos, slides } from "../../../database/schema.ts";
import { invalidateContentCache } from "../../lib/content-cache.server.ts";
import { refuse, written, type Refusal, type WriteResult } from "../../lib/write-result.ts";
import {
  isImageKind,
  isStoredImageName,
  removeStoredImage,
  saveImage,
  type ImageKind,
} from "./images.server.ts";

export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

const PHOTO_FIELD = "foto";

// A file input left empty posts a nameless, empty file: that is "no new photo".
export const isUpload = (value: unknown): value is Blob =>
  typeof Blob !== "undefined" && value instanceof Blob && value.size > 0;

async function storePhoto(
  db: Database,
  file: unknown,
  kind: ImageKind,
): Promise<{ ok: true; path: string | null } | Refusal> {
  if (!isUpload(file)) return { ok: true, path: null };
  const saved = await saveImage(db, file, kind);
  if (!saved.ok) return refuse(400, saved.message, { [PHOTO_FIELD]: saved.message });
  return { ok: true, path: saved.path };
}

// Photos are named by content: one stays while any row shows it; /images/… are never removed.
async function discardPhoto(db: Database, stored: string | null) {
  const [, root, kind = "", name = ""] = stored?.split("/") ?? [];
  if (!stored || root !== "gambar" || !isImageKind(kind) || !isStoredImageName(name)) return;
  const [menuRow, promoRow, slideRow] = await Promise.all([
    db.select({ id: menuItems.id }).from(menuItems).where(eq(menuItems.gambar, stored)).limit(1),
    db.select({ id: promos.id }).from(promos).where(eq(promos.image, stored)).limit(1),
    db.select({ id: slides.id }).from(slides).where(eq(slides.image, stored)).limit(1),
  ]);
  if (menuRow.length + promoRow.length + slideRow.length > 0) return;
  await removeStoredImage(db, kind, name);
}

async function transactionWithPhoto<T>(
  db: Database,
  stored: string | null,
  write: (tx: Transaction) => Promise<T>,
): Promise<T> {
  let result: T;
  try {
    result = await db.transaction(write);
  } catch (error) {
    await discardPhoto(db, stored);
    throw error;
  }
  if (result === false) await discardPhoto(db, stored);
  return result;
}

export async function createWithPhoto<Id>(
  db: Database,
  photo: unknown,
  rule: { kind: ImageKind; required: string | null },
  insert: (tx: Transaction, image: string) => Promise<Id>,
): Promise<WriteResult<{ id: Id }>> {
  if (!isUpload(photo) && rule.required) return refuse(400, rule.required, { [PHOTO_FIELD]: rule.required });
  const stored = await storePhoto(db, photo, rule.kind);
  if (!stored.ok) return stored;
  // Without a picture (where none is required), the row's image is "".
  const image = stored.path ?? "";
  const id = await transactionWithPhoto(db, image, (tx) => insert(tx, image));
  invalidateContentCache();
  return written({ id });
}

// `update` gets the new path (null: keep the row's) and answers the old photo, or false when the row is gone.
export async function updateWithPhoto(
  db: Database,
  photo: unknown,
  rule: { kind: ImageKind; notFound: string; exists: () => Promise<boolean> },
  update: (tx: Transaction, image: string | null) => Promise<string | false>,
): Promise<WriteResult> {
  if (!(await rule.exists())) return refuse(404, rule.notFound);
  const stored = await storePhoto(db, photo, rule.kind);
  if (!stored.ok) return stored;
  const previous = await transactionWithPhoto(db, stored.path, (tx) => update(tx, stored.path));
  if (previous === false) return refuse(404, rule.notFound);
  if (stored.path && previous !== stored.path) await discardPhoto(db, previous);
  invalidateContentCache();
  return written(undefined);
}

export async function deleteWithPhoto(
  db: Database,
  notFound: string,
  remove: (tx: Transaction) => Promise<string | false>,
): Promise<WriteResult> {
  const image = await db.transaction(remove);
  if (image === false) return refuse(404, notFound);
  await discardPhoto(db, image);
  invalidateContentCache();
  return written(undefined);
}
