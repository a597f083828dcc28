// Staff edits before _Siap_: priced again at the recorded prices and the promos as at recording, written
// whole with the audit's before and after, one version on; a stale version is a conflict (0039, 0057).
import { and, asc, eq } from "drizzle-orm";
import type { Database } from "../../../../database/client.server.ts";
import { orderDiscounts, orderEdits, orderItems, orders } from "../../../../database/schema.ts";
import { writeDiscounts } from "../../orders/order-rows.server.ts";
import { formatRupiah } from "../../../lib/format.ts";
import { writeAudit, type Actor } from "../../audit/audit-log.server.ts";
import { getCustomerFacts, lockCustomer } from "../../promotions/customer-facts.server.ts";
import { priceAt } from "../../pricing/pricing-context.server.ts";
import type { CheckoutContext } from "../../checkout/checkout-context.server.ts";
import { ASAP } from "../../orders/order-fields.ts";
import {
  announcePortions,
  PortionsRefused,
  retakePortions,
  type PortionChange,
} from "../../catalog/portions.server.ts";
import { announceOrderChange } from "../../orders/live.server.ts";
import { paidTotalChange } from "../../payments/order-payment.server.ts";
import { paymentProblem } from "../../payments/payment-choice.ts";
import { PAYMENT_LABELS } from "../../payments/payment-labels.ts";
import { normalizeOrderCode } from "../../orders/order-code.ts";
import { whenText } from "../../orders/order-details.ts";
import { statusLabel } from "../../orders/order-status.ts";
import { ticketChanged } from "../printing/prints.server.ts";
import { PIN_MESSAGES } from "../../accounts/pin-rules.ts";
import { menuLines, type Transaction } from "../../checkout/record-order.server.ts";
import { describeChanges } from "./order-changes.ts";
import { EDITABLE_STATUSES, KEEP_TIME } from "./order-edit-rules.ts";
import { readOrderLines } from "./order-lines-form.ts";

export const EDIT_MESSAGES = {
  notFound: "Pesanan tidak ditemukan.",
  version: "Versi pesanan tidak terbaca. Muat ulang halaman lalu ubah lagi.",
  final: (status: string) => `Pesanan yang sudah ${status} tidak bisa diubah lagi.`,
  conflict: (version: number) =>
    `Pesanan ini baru saja diubah admin lain (kini versi ${version}). Muat ulang halaman, periksa perubahannya, lalu ubah lagi.`,
  waktu: "Pilih waktu: tetap, secepatnya, atau salah satu jam yang tersedia.",
  nothing: "Tidak ada yang diubah.",
  confirm: (before: number, after: number) =>
    `Total naik dari ${formatRupiah(before)} menjadi ${formatRupiah(after)}. Periksa, lalu tekan Simpan perubahan lagi untuk menyetujui total baru.`,
  unpayable: (total: number, method: string) =>
    `Total baru ${formatRupiah(total)} tidak bisa dibayar dengan ${method}, cara bayar pesanan ini. Kurangi pesanannya, atau catat tambahannya sebagai pesanan kasir tersendiri. Perubahan tidak disimpan.`,
  saved: (code: string, version: number, total: number) =>
    `Pesanan ${code} diubah (versi ${version}). Total kini ${formatRupiah(total)}.`,
} as const;

export type EditOutcome =
  | { ok: true; code: string; version: number; total: number; message: string }
  | { ok: false; status: 400 | 403 | 404 | 409; message: string; total?: number };

type Order = typeof orders.$inferSelect;

function readEditFields(form: FormData, context: CheckoutContext) {
  const versi = String(form.get("versi") ?? "");
  const waktu = String(form.get("waktu") ?? KEEP_TIME);
  const agreed = String(form.get("total") ?? "");
  const slot = context.slots.find((entry) => entry.value === waktu);
  return {
    version: /^\d{1,9}$/.test(versi) ? Number(versi) : null,
    when: waktu === KEEP_TIME ? ("keep" as const) : waktu === ASAP ? null : (slot?.at ?? undefined),
    agreed: /^\d{1,12}$/.test(agreed) ? Number(agreed) : null,
  };
}

// Priced as at the order's recording: its moment, its customer's history then, and a dish at the level it
// already holds at the price it was recorded at (today's price only for what the edit adds).
async function reprice(
  tx: Transaction,
  order: Order,
  lines: Parameters<typeof menuLines>[0],
  context: CheckoutContext,
) {
  const had = await tx
    .select()
    .from(orderItems)
    .where(eq(orderItems.order_id, order.id))
    .orderBy(asc(orderItems.id));
  // What the order already holds stays orderable when it has sold out since.
  const menu = new Map(context.pricing.menu);
  for (const line of had) {
    const entry = line.menu_item_id ? menu.get(line.menu_item_id) : undefined;
    if (entry) menu.set(entry.id, { ...entry, tersedia: true });
  }
  const checked = menuLines(lines, menu);
  if (!checked.ok) return checked;
  const recorded = new Map(had.map((line) => [line.menu_item_id, line]));
  const priced = checked.lines.map((line) => {
    const was = recorded.get(line.menu_item_id);
    return was ? { ...line, nama: was.nama, harga: was.harga, subtotal: was.harga * line.jumlah } : line;
  });
  if (order.user_id) await lockCustomer(tx, order.user_id);
  const customer = await getCustomerFacts(tx, order.user_id, {
    replacing: order.id,
    before: order.created_at,
  });
  const pricing = priceAt(
    { ...context, now: order.created_at },
    priced.map((line) => ({ id: line.menu_item_id, harga: line.harga, jumlah: line.jumlah })),
    customer,
  );
  return { ok: true as const, had, lines: priced, pricing };
}

export async function editOrder(
  db: Database,
  admin: Actor,
  rawCode: string,
  form: FormData,
  context: CheckoutContext,
  /** A kasir's or a device's edit that lowers the total needs a manager's PIN (0059): `admin.approvedBy`. */
  { pinNeeded = false }: { pinNeeded?: boolean } = {},
): Promise<EditOutcome> {
  const lines = readOrderLines(form);
  if (!lines.ok) return { ok: false, status: 400, message: lines.message };
  const fields = readEditFields(form, context);
  if (fields.version === null) return { ok: false, status: 400, message: EDIT_MESSAGES.version };
  if (fields.when === undefined) return { ok: false, status: 400, message: EDIT_MESSAGES.waktu };
  const when = fields.when;
  const code = normalizeOrderCode(rawCode);
  const timezone = context.store.timezone;

  let portions: PortionChange = { shownChanged: false };
  const outcome = await db
    .transaction(async (tx): Promise<EditOutcome> => {
      const [order] = await tx.select().from(orders).where(eq(orders.code, code)).for("update");
      if (!order) return { ok: false, status: 404, message: EDIT_MESSAGES.notFound };
      if (!EDITABLE_STATUSES.includes(order.status))
        return {
          ok: false,
          status: 409,
          message: EDIT_MESSAGES.final(statusLabel(order.status, order.fulfilment).toLowerCase()),
        };
      if (order.version !== fields.version)
        return { ok: false, status: 409, message: EDIT_MESSAGES.conflict(order.version) };
      const priced = await reprice(tx, order, lines.lines, context);
      if (!priced.ok) return priced;
      const { pricing } = priced;
      const method = order.payment_method;
      if (method && paymentProblem(method, pricing.total, context.payment.methods))
        return {
          ok: false,
          status: 400,
          message: EDIT_MESSAGES.unpayable(pricing.total, PAYMENT_LABELS[method]),
        };
      // The customer never pays more than the staff saw: a higher total must be agreed as it is.
      if (pricing.total > order.total && fields.agreed !== pricing.total)
        return {
          ok: false,
          status: 409,
          message: EDIT_MESSAGES.confirm(order.total, pricing.total),
          total: pricing.total,
        };
      const lowered = pricing.total < order.total;
      if (lowered && pinNeeded && !admin.approvedBy)
        return {
          ok: false,
          status: 403,
          message: PIN_MESSAGES.lowered(formatRupiah(order.total), formatRupiah(pricing.total)),
        };
      const scheduledFor = when === "keep" ? order.scheduled_for : when;
      const changes = describeChanges(
        { lines: priced.had, when: whenText(order, timezone) },
        { lines: priced.lines, when: whenText({ scheduled_for: scheduledFor }, timezone) },
      );
      if (changes.length === 0) return { ok: false, status: 400, message: EDIT_MESSAGES.nothing };

      const version = order.version + 1;
      const at = context.now;
      await tx.delete(orderItems).where(eq(orderItems.order_id, order.id));
      await tx
        .insert(orderItems)
        .values(priced.lines.map((line) => ({ ...line, order_id: order.id, created_at: at })));
      // What the order held goes back, its new lines are taken from the day it is for (0044): throws
      // PortionsRefused.
      portions = await retakePortions(tx, {
        orderId: order.id,
        lines: priced.lines,
        store: context.store,
        at: order.created_at,
        scheduledFor,
      });
      await tx.delete(orderDiscounts).where(eq(orderDiscounts.order_id, order.id));
      await writeDiscounts(tx, order.id, pricing.discounts);
      await tx
        .update(orders)
        .set({
          subtotal: pricing.subtotal,
          total: pricing.total,
          scheduled_for: scheduledFor,
          version,
          updated_at: at,
        })
        .where(and(eq(orders.id, order.id), eq(orders.version, order.version)));
      await tx.insert(orderEdits).values({
        order_id: order.id,
        version,
        changes,
        total_before: order.total,
        total_after: pricing.total,
        created_at: at,
      });
      const paidFlag = await paidTotalChange(tx, order.id, order.total, pricing.total);
      const shape = (list: readonly { nama: string; jumlah: number; catatan: string; subtotal: number }[]) =>
        list.map(({ nama, jumlah, catatan, subtotal }) => ({ nama, jumlah, catatan, subtotal }));
      const actor = lowered ? admin : { ...admin, approvedBy: undefined };
      await writeAudit(tx, actor, {
        action: "ubah",
        entity: "pesanan",
        entityId: code,
        summary: `Pesanan ${code} diubah (versi ${version}): ${changes.join("; ")}. Total ${formatRupiah(order.total)} → ${formatRupiah(pricing.total)}${paidFlag ? `. ${paidFlag}` : ""}`,
        details: {
          before: {
            version: order.version,
            lines: shape(priced.had),
            total: order.total,
            scheduled_for: order.scheduled_for,
          },
          after: { version, lines: shape(priced.lines), total: pricing.total, scheduled_for: scheduledFor },
        },
      });
      await ticketChanged(tx, order.id);
      return {
        ok: true,
        code,
        version,
        total: pricing.total,
        message: EDIT_MESSAGES.saved(code, version, pricing.total),
      };
    })
    .catch((error: unknown) => {
      if (error instanceof PortionsRefused)
        return { ok: false as const, status: error.status, message: error.message };
      throw error;
    });
  if (!outcome.ok) return outcome;
  announcePortions(portions);
  announceOrderChange({ code, kind: "diubah" });
  return outcome;
}
