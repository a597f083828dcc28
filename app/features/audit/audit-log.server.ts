// The audit log: written in the transaction of the change it records, so it never misses
// a change nor lists one that did not happen.
import { and, count, desc, eq } from "drizzle-orm";
import type { Database } from "../../../database/client.server.ts";
import { auditLog } from "../../../database/schema.ts";

/** The pemilik or admin whose PIN let a kasir or a device make a risky tap (0059). */
export interface PinApprover {
  id: string;
  nama: string;
  email: string;
  role: string;
}

export interface Actor {
  id: string;
  email: string;
  nama?: string;
  approvedBy?: PinApprover;
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

// A tap made with a PIN names both: the row is the tapper's, its summary and details say whose PIN it was.
export async function writeAudit(db: Executor, actor: Actor, entry: AuditEntry) {
  const approver = actor.approvedBy;
  const pin = approver
    ? {
        tappedBy: { id: actor.id, nama: actor.nama ?? actor.email, email: actor.email },
        pinOf: { id: approver.id, nama: approver.nama, email: approver.email, role: approver.role },
      }
    : null;
  await db.insert(auditLog).values({
    user_id: actor.id,
    actor_email: actor.email,
    action: entry.action,
    entity: entry.entity,
    entity_id: entry.entityId === undefined || entry.entityId === null ? null : String(entry.entityId),
    summary: pin
      ? `${entry.summary} · oleh ${pin.tappedBy.nama} dengan PIN ${pin.pinOf.nama}`
      : entry.summary,
    details: pin ? { ...entry.details, pin } : (entry.details ?? null),
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
