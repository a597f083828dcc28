// Recording an order in four steps: check, price, insert in one transaction, announce (0028); a form's
// replayed submission answers its order again (0057).
import { eq } from "drizzle-orm";
import type { Database } from "../../../database/client.server.ts";
import { orderEvents, orderItems, orders } from "../../../database/schema.ts";
import { writeDiscounts } from "../orders/order-rows.server.ts";
import { clientAddressKey } from "../../lib/client-address.server.ts";
import { formatRupiah } from "../../lib/format.ts";
import { writeAudit, type Actor } from "../audit/audit-log.server.ts";
import { checkLines } from "../cart/line-check.ts";
import { announcePortions, givePortions, PortionsRefused, takePortions } from "../catalog/portions.server.ts";
import { orderLineLevel } from "../orders/order-line-level.ts";
import { notifyAdmins } from "../notifications/notifications.server.ts";
import type { Pricing } from "../pricing/pricing.ts";
import { getCustomerFacts, lockCustomer } from "../promotions/customer-facts.server.ts";
import { priceAt } from "../pricing/pricing-context.server.ts";
import type { SavedDetails } from "./checkout-details.ts";
import type { CheckoutContext } from "./checkout-context.server.ts";
import { FULFILMENT_LABELS } from "../orders/order-fields.ts";
import { announceOrderChange } from "../orders/live.server.ts";
import { paymentProblem } from "../payments/payment-choice.ts";
import type { PaymentMethod } from "../payments/payment-labels.ts";
import { generateOrderCode, ORDER_CODE_LENGTH } from "../orders/order-code.ts";
import { linkOrderToCart } from "./ordered-lines.server.ts";
import type { CheckoutRecorded } from "./checkout.ts";
import { newViewToken } from "../orders/order-view.server.ts";
import { recordedMessage } from "./recorded-message.server.ts";
import { answerAgain, askedOf, submissionOf, submittedOrder, type Submission } from "./submission.server.ts";
import {
  cancelReplaced,
  newPendingToken,
  pendingOrderState,
  type PendingOrder,
} from "./pending-order.server.ts";

// Bounds every line too, far below what the money columns hold (0017).
export const MAX_ORDER_TOTAL = 100_000_000;

export const CHECKOUT_MESSAGES = {
  busy: (text: string) => `${text} Coba lagi nanti, ya.`,
  repriced: (total: number) =>
    `Total pesananmu kini ${formatRupiah(total)}: promo atau harga berubah sejak keranjang dibuka. Periksa rinciannya, lalu tekan Pesan lagi.`,
  tooLarge: `Total satu pesanan paling banyak ${formatRupiah(MAX_ORDER_TOTAL)}. Kurangi jumlahnya atau bagi menjadi beberapa pesanan.`,
  tooMany: (wait: string) =>
    `Terlalu banyak pesanan dari jaringan ini. Coba lagi dalam ${wait}, atau hubungi kami lewat WhatsApp.`,
} as const;

export interface OrderRequestLine {
  id: string;
  jumlah: number;
  level?: number | null;
  catatan?: string;
}

export interface OrderDetails extends SavedDetails {
  scheduledFor: Date | null;
}

export interface RecordRequest {
  lines: readonly OrderRequestLine[];
  context: CheckoutContext;
  account: { id: string } | null;
  details: OrderDetails;
  origin: string;
  replaces?: PendingOrder | null;
  // When the server's total differs, nothing is recorded.
  seenTotal?: number | null;
  kasir?: Actor;
  // The shop's first method when left out.
  payment?: PaymentMethod;
  cartId?: string;
  /** The online customer's client address: the share of a day's portions it may take (0057). */
  client?: string | null;
  /** The form's one-time key (`SUBMISSION_FIELD`). */
  submission?: string | null;
}

interface RecordedOrder extends Omit<CheckoutRecorded, "orderUrl"> {
  id: number;
  token: string;
  viewToken: string;
}

export type RecordResult =
  { ok: true; order: RecordedOrder } | { ok: false; status: 400 | 409; message: string; pricing?: Pricing };

type Refusal = Extract<RecordResult, { ok: false }>;

const methodOf = (request: RecordRequest) => request.payment ?? request.context.payment.methods[0]!;

export interface PricedLine {
  menu_item_id: string;
  nama: string;
  harga: number;
  jumlah: number;
  level: number | null;
  catatan: string;
  subtotal: number;
}

const CODE_ATTEMPTS = 8;

const linesSummary = (lines: readonly PricedLine[]) =>
  lines
    .map((line) => {
      const level = orderLineLevel(line.nama, line.level);
      return `${line.jumlah}x ${line.nama}${level ? ` · ${level}` : ""}`;
    })
    .join(", ");

function checkOrder({ lines, context, kasir }: RecordRequest): { ok: true; lines: PricedLine[] } | Refusal {
  if (context.store.busy && !kasir)
    return { ok: false, status: 409, message: CHECKOUT_MESSAGES.busy(context.store.busyText) };
  return menuLines(lines, context.pricing.menu);
}

export function menuLines(
  lines: readonly OrderRequestLine[],
  menu: Parameters<typeof checkLines>[1],
): { ok: true; lines: PricedLine[] } | Refusal {
  const checked = checkLines(lines, menu);
  if (!checked.ok) return checked;
  const priced = checked.lines.map(({ entry, ...line }) => ({
    menu_item_id: entry.id,
    nama: entry.nama,
    harga: entry.harga,
    jumlah: line.jumlah,
    level: entry.level ?? null,
    catatan: line.catatan ?? "",
    subtotal: entry.harga * line.jumlah,
  }));
  if (priced.reduce((sum, line) => sum + line.subtotal, 0) > MAX_ORDER_TOTAL) {
    return { ok: false, status: 400, message: CHECKOUT_MESSAGES.tooLarge };
  }
  return { ok: true, lines: priced };
}

export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

// The customer's row is locked before their promo facts are read (once-per-customer promos hold against
// simultaneous checkouts); the replaced order is checked under its own lock before it leaves the counts.
async function price(
  tx: Transaction,
  { context, account, replaces = null }: RecordRequest,
  lines: readonly PricedLine[],
) {
  if (account) await lockCustomer(tx, account.id);
  const pending = await pendingOrderState(tx, replaces, { lock: true });
  const replaced = pending?.kind === "replace" ? pending.order : null;
  const follows = pending?.kind === "follow" ? pending.code : null;
  const customer = await getCustomerFacts(tx, account?.id ?? null, { replacing: replaced?.id ?? null });
  const pricing = priceAt(
    context,
    lines.map((line) => ({ id: line.menu_item_id, harga: line.harga, jumlah: line.jumlah })),
    customer,
  );
  return { pricing, replaced, follows };
}

interface Keys {
  submission: Submission | null;
  client: string | null;
}

async function insert(
  tx: Transaction,
  request: RecordRequest,
  lines: readonly PricedLine[],
  { pricing, replaced, follows }: Awaited<ReturnType<typeof price>>,
  { submission, client }: Keys,
) {
  const { context, account, details, kasir } = request;
  const pending = submission?.pending ?? newPendingToken();
  const view = submission?.view ?? newViewToken();
  const at = context.now;
  const share = kasir ? null : { ...context.store.portionShare, clientKey: client };
  for (let attempt = 0; attempt < CODE_ATTEMPTS; attempt++) {
    const code = generateOrderCode(ORDER_CODE_LENGTH + Math.max(0, attempt - 2));
    // A taken code inserts nothing (no error, so the transaction stays usable): draw again.
    const [row] = await tx
      .insert(orders)
      .values({
        code,
        user_id: account?.id ?? null,
        customer_name: details.nama,
        customer_phone: details.whatsapp || null,
        fulfilment: details.cara,
        address: details.alamat || null,
        landmark: details.patokan || null,
        table_number: details.meja || null,
        scheduled_for: details.scheduledFor,
        subtotal: pricing.subtotal,
        total: pricing.total,
        outside_hours: !context.store.status.open,
        token_hash: pending.hash,
        view_token_hash: view.hash,
        source: kasir ? "kasir" : "online",
        // Taken at the counter: there is no message to send.
        sent_at: kasir ? at : null,
        payment_method: methodOf(request),
        replaces: replaced?.code ?? null,
        follows,
        client_key: client,
        submission_hash: submission?.hash ?? null,
        created_at: at,
        updated_at: at,
      })
      .onConflictDoNothing()
      .returning({ id: orders.id, code: orders.code });
    if (!row) {
      // The same submission committed meanwhile (a double tap, maybe on another server): write nothing.
      const same = submission
        ? await tx.select({ id: orders.id }).from(orders).where(eq(orders.submission_hash, submission.hash))
        : [];
      if (same.length > 0) return null;
      continue;
    }
    await tx.insert(orderItems).values(lines.map((line) => ({ ...line, order_id: row.id, created_at: at })));
    // The replaced order's portions come back before this one takes its own (0044).
    const given = replaced ? await givePortions(tx, [replaced.id]) : null;
    const taken = await takePortions(tx, {
      orderId: row.id,
      lines,
      store: context.store,
      at,
      scheduledFor: details.scheduledFor,
      share,
    });
    await tx.insert(orderEvents).values({ order_id: row.id, status: "baru", created_at: at });
    if (request.cartId) await linkOrderToCart(tx, row.id, request.cartId, lines);
    await notifyAdmins(tx, "pesananBaru", {
      judul: "Pesanan baru",
      pesan: `${row.code} · ${details.nama} · ${FULFILMENT_LABELS[details.cara]}: ${linesSummary(lines)} — ${formatRupiah(pricing.total)}`,
    });
    if (kasir)
      await writeAudit(tx, kasir, {
        action: "buat",
        entity: "pesanan",
        entityId: row.code,
        summary: `Pesanan kasir ${row.code} · ${details.nama}: ${linesSummary(lines)} — ${formatRupiah(pricing.total)}`,
        details: { source: "kasir", lines, total: pricing.total },
      });
    await writeDiscounts(tx, row.id, pricing.discounts);
    const cancelled = replaced ? await cancelReplaced(tx, replaced, row.code, at) : false;
    return {
      ...row,
      replaced: cancelled ? replaced!.code : null,
      follows,
      portions: [taken, ...(given ? [given] : [])],
      pricing,
      token: pending.token,
      viewToken: view.token,
    };
  }
  throw new Error("no free order code after several attempts");
}

export async function recordOrder(db: Database, request: RecordRequest): Promise<RecordResult> {
  const submission = request.submission
    ? await submissionOf(request.submission, askedOf(request, methodOf(request)))
    : null;
  // Before the checks: the order it recorded may have taken the last portion.
  const earlier = submission ? await submittedOrder(db, submission) : null;
  if (earlier) return answerAgain(request, methodOf(request), submission!, earlier);
  const checked = checkOrder(request);
  if (!checked.ok) return checked;
  const { seenTotal = null } = request;
  const keys = {
    submission,
    client: request.client && !request.kasir ? await clientAddressKey(request.client) : null,
  };
  // Nothing is written unless the total is the one shown, the method can take it and every portion is there.
  const order = await db
    .transaction(async (tx) => {
      const priced = await price(tx, request, checked.lines);
      if (seenTotal !== null && seenTotal !== priced.pricing.total) return { ok: false as const, ...priced };
      const unpayable = paymentProblem(
        methodOf(request),
        priced.pricing.total,
        request.context.payment.methods,
      );
      if (unpayable) return { ok: false as const, ...priced, unpayable };
      const inserted = await insert(tx, request, checked.lines, priced, keys);
      return inserted ? { ok: true as const, ...inserted } : null;
    })
    .catch((error: unknown) => {
      if (error instanceof PortionsRefused) return error;
      throw error;
    });
  if (order === null)
    return answerAgain(request, methodOf(request), submission!, (await submittedOrder(db, submission!))!);
  if (order instanceof PortionsRefused) return { ok: false, status: order.status, message: order.message };
  if (!order.ok) {
    const { pricing } = order;
    if ("unpayable" in order) return { ok: false, status: 400, message: order.unpayable, pricing };
    return { ok: false, status: 409, message: CHECKOUT_MESSAGES.repriced(pricing.total), pricing };
  }
  const { id, code, token, viewToken, replaced, follows, pricing } = order;
  announcePortions(...order.portions);
  announceOrderChange({ code, kind: "baru" });
  if (replaced) announceOrderChange({ code: replaced, kind: "status" });
  return {
    ok: true,
    order: {
      id,
      code,
      token,
      viewToken,
      replaced,
      follows,
      total: pricing.total,
      outsideHours: !request.context.store.status.open,
      ...recordedMessage(request, methodOf(request), checked.lines, {
        code,
        viewToken,
        replaced,
        follows,
        discounts: pricing.discounts,
      }),
    },
  };
}
