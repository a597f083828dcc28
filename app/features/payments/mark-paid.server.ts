// Paid state (0040): each mark a `payments` row, the order row the current one; caller checked admin, CSRF.
import { readReason } from "../../lib/reason-text.ts";
import { and, desc, eq, isNotNull, isNull, ne } from "drizzle-orm";
import type { Database } from "../../../database/client.server.ts";
import { orders, payments } from "../../../database/schema.ts";
import { storeDate } from "../../lib/clock.server.ts";
import { formatRupiah } from "../../lib/format.ts";
import { writeAudit, type Actor } from "../audit/audit-log.server.ts";
import { PAYMENT_LABELS } from "./payment-labels.ts";
import { announceOrderChange } from "../orders/live.server.ts";
import { normalizeOrderCode } from "../orders/order-code.ts";
import { PAID_INTENTS } from "./order-payment.ts";

export const PAID_MESSAGES = {
  notFound: "Pesanan tidak ditemukan.",
  already: (code: string) => `Pesanan ${code} sudah lunas.`,
  cancelled: (code: string) => `Pesanan ${code} sudah dibatalkan, jadi tidak bisa ditandai lunas.`,
  notPaid: (code: string) => `Pesanan ${code} belum ditandai lunas.`,
  reason: "Tulis alasan membatalkan lunas (3–200 karakter).",
  paid: (code: string, total: number) => `Pesanan ${code} lunas: ${formatRupiah(total)}.`,
  unpaid: (code: string) => `Pesanan ${code} kembali belum dibayar.`,
} as const;

type PaidResult = { ok: true; message: string } | { ok: false; status: 400 | 404 | 409; message: string };

// A second tap (or a second staff member) gets a 409.
export async function markPaid(
  db: Database,
  actor: Actor & { nama?: string },
  input: { code: unknown },
): Promise<PaidResult> {
  const code = normalizeOrderCode(typeof input.code === "string" ? input.code : "");
  const at = storeDate();
  const result = await db.transaction(async (tx): Promise<PaidResult> => {
    const [order] = await tx
      .update(orders)
      .set({ paid_at: at, paid_amount: orders.total, updated_at: at })
      .where(and(eq(orders.code, code), isNull(orders.paid_at), ne(orders.status, "batal")))
      .returning({ id: orders.id, total: orders.total, method: orders.payment_method });
    if (!order) {
      const [exists] = await tx.select({ status: orders.status }).from(orders).where(eq(orders.code, code));
      if (!exists) return { ok: false, status: 404, message: PAID_MESSAGES.notFound };
      const message = exists.status === "batal" ? PAID_MESSAGES.cancelled(code) : PAID_MESSAGES.already(code);
      return { ok: false, status: 409, message };
    }
    const method = order.method ?? "tunai";
    if (!order.method) await tx.update(orders).set({ payment_method: method }).where(eq(orders.id, order.id));
    await tx.insert(payments).values({
      order_id: order.id,
      method,
      amount: order.total,
      recorded_by: actor.id,
      recorded_by_name: actor.nama ?? actor.email,
      created_at: at,
    });
    await writeAudit(tx, actor, {
      action: "ubah",
      entity: "pesanan",
      entityId: code,
      summary: `Pesanan ${code}: lunas (${PAYMENT_LABELS[method]}, ${formatRupiah(order.total)})`,
      details: { paid: true, method, amount: order.total },
    });
    return { ok: true, message: PAID_MESSAGES.paid(code, order.total) };
  });
  if (result.ok) announceOrderChange({ code, kind: "status" });
  return result;
}

export async function markUnpaid(
  db: Database,
  actor: Actor,
  input: { code: unknown; alasan: unknown },
): Promise<PaidResult> {
  const code = normalizeOrderCode(typeof input.code === "string" ? input.code : "");
  const reason = readReason(input.alasan);
  if (reason === null) return { ok: false, status: 400, message: PAID_MESSAGES.reason };
  const at = storeDate();
  const result = await db.transaction(async (tx): Promise<PaidResult> => {
    const [order] = await tx
      .update(orders)
      .set({ paid_at: null, paid_amount: null, updated_at: at })
      .where(and(eq(orders.code, code), isNotNull(orders.paid_at)))
      .returning({ id: orders.id });
    if (!order) {
      const [exists] = await tx.select({ id: orders.id }).from(orders).where(eq(orders.code, code));
      return exists
        ? { ok: false, status: 409, message: PAID_MESSAGES.notPaid(code) }
        : { ok: false, status: 404, message: PAID_MESSAGES.notFound };
    }
    const [last] = await tx
      .select({ id: payments.id })
      .from(payments)
      .where(and(eq(payments.order_id, order.id), isNull(payments.voided_at)))
      .orderBy(desc(payments.id))
      .limit(1);
    if (last)
      await tx.update(payments).set({ voided_at: at, void_reason: reason }).where(eq(payments.id, last.id));
    await writeAudit(tx, actor, {
      action: "ubah",
      entity: "pesanan",
      entityId: code,
      summary: `Pesanan ${code}: lunas dibatalkan (${reason})`,
      details: { paid: false, reason },
    });
    return { ok: true, message: PAID_MESSAGES.unpaid(code) };
  });
  if (result.ok) announceOrderChange({ code, kind: "status" });
  return result;
}

/** Undoing Lunas without a reason is refused before a PIN is asked for (0059). */
export const unpaidInputProblem = (alasan: unknown): { ok: false; status: 400; message: string } | null =>
  readReason(alasan) === null ? { ok: false, status: 400, message: PAID_MESSAGES.reason } : null;

export function writePaidForm(
  db: Database,
  actor: Actor & { nama?: string },
  intent: unknown,
  code: unknown,
  form: FormData,
): Promise<PaidResult> | null {
  if (intent === PAID_INTENTS.paid) return markPaid(db, actor, { code });
  if (intent === PAID_INTENTS.unpaid) return markUnpaid(db, actor, { code, alasan: form.get("alasan") });
  return null;
}
