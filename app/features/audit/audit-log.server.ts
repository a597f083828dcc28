// The audit log: written in the transaction of the change it records, so it never misses
// a change nor lists one that did not happen.
import { and, count, desc, eq } from "drizzle-orm";
import type { Database } from "../../../database/client.server.ts";
import { auditLog } from "../../../database/schema.ts";

export interface Actor {
  id: string;
  email: string;
}

interface AuditEntry {
  action: "buat" | "ubah" | "hapus" | "status" | "urutan";
  entity:
    | "menu"
    | "kategori"
    | "promo"
    | "slide"
    | "outlet"
    | "pesanan"
    | "menu-populer"
    | "staf"
    | "pengguna"
    | "staf"
    | "perangkat";
  entityId?: string | number | null;
  summary: string;
  details?: Record<string, unknown>;
}

type Executor = Pick<Database, "insert">;

export async function writeAudit(db: Executor, actor: Actor, entry: AuditEntry) {
  await db.insert(auditLog).values({
    user_id: actor.id,
    actor_email: actor.email,
    action: entry.action,
    entity: entry.entity,
    entity_id: entry.entityId === undefined || entry.entityId === null ? null : String(entry.entityId),
    summary: entry.summary,
    details: entry.details ?? null,
  });
}

const AUDIT_PAGE_SIZE = 50;

interface AuditQuery {
  entity?: AuditEntry["entity"];
  page?: number;
}

export async function listAuditLog(db: Database, query: AuditQuery = {}) {
  const page = Math.max(1, Math.floor(query.page ?? 1));
  const where = query.entity ? and(eq(auditLog.entity, query.entity)) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .where(where)
      .orderBy(desc(auditLog.created_at), desc(auditLog.id))
      .limit(AUDIT_PAGE_SIZE)
      .offset((page - 1) * AUDIT_PAGE_SIZE),
    db.select({ n: count() }).from(auditLog).where(where),
  ]);
  return { rows, total: total?.n ?? 0, page, pageSize: AUDIT_PAGE_SIZE };
}
