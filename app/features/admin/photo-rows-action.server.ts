// The action of an admin list whose rows carry a photo and a PostgreSQL integer id (Banner, Menu Diskon; 0029).
import type { z } from "zod";
import type { Database } from "../../../database/client.server.ts";
import type { Actor } from "../audit/audit-log.server.ts";
import type { Context } from "../accounts/auth.server.ts";
import { WRITE } from "../accounts/access.ts";
import { requireAccess } from "../accounts/permissions.server.ts";
import { readUploadForm } from "../media/images.server.ts";
import { crudAction } from "../../lib/crud-action.server.ts";
import { getDb } from "../../lib/db.server.ts";
import { readRowId } from "../../lib/form-input.server.ts";
import type { WriteResult } from "../../lib/write-result.ts";

export interface PhotoRows<T extends z.ZodType<object>> {
  schema: T;
  notFound: string;
  create(db: Database, actor: Actor, values: z.output<T>, photo: unknown): Promise<WriteResult<unknown>>;
  update(db: Database, actor: Actor, id: number, values: z.output<T>, photo: unknown): Promise<WriteResult>;
  remove(db: Database, actor: Actor, id: number): Promise<WriteResult>;
  saved: { create: string; update: string; delete: string };
}

export async function photoRowsAction<T extends z.ZodType<object>>(
  request: Request,
  context: Context,
  route: "/admin/banner" | "/admin/menu-diskon",
  rows: PhotoRows<T>,
) {
  const admin = requireAccess(context, route, WRITE);
  const form = await readUploadForm(request);
  const db = await getDb();
  return crudAction(form, {
    schema: rows.schema,
    // A larger number than PostgreSQL's integers would make the query itself fail.
    readId: readRowId,
    notFound: rows.notFound,
    create: (values, photo) => rows.create(db, admin, values, photo),
    update: (id, values, photo) => rows.update(db, admin, id, values, photo),
    remove: (id) => rows.remove(db, admin, id),
    saved: rows.saved,
  });
}
