/**
 * Recording an order at checkout (POST /pesanan).
 *
 * Trust model: the lines are the server's cart (cart.server.ts): which items, how many, at which
 * spice level, with which note. Names and prices come from the database at this moment; nothing
 * the browser sends can change what the order costs. The order and its lines are written in one
 * transaction: an order is stored whole or not at all.
 *
 * A checkout may replace this browser's previous unsent order (pending-order.server.ts). Each
 * order also gets the secret of its page's link (order-view.server.ts), which the WhatsApp
 * message carries. Once committed, the order is announced to the live pages (live.server.ts).
 */
import { inArray } from "drizzle-orm";
import type { Database } from "../../../database/client.server.ts";
import { menuItems, orderDiscounts, orderEvents, orderItems, orders } from "../../../database/schema.ts";
import { priceCart, type Pricing } from "../promotions/pricing.ts";
import { getCustomerFacts, loadPricingContext } from "../promotions/promotions.server.ts";
import { closedOrderNote } from "../store/opening-hours.ts";
import { generateOrderCode, ORDER_CODE_LENGTH } from "./order-code.ts";
import type { StoreSettings } from "../store/settings.server.ts";
import { whatsappLink } from "../../lib/whatsapp.ts";
import { storeNow } from "../../lib/clock.server.ts";
import { formatRupiah } from "../../lib/format.ts";
import { orderMessage } from "./order-message.ts";
import { notifyAdmins } from "../notifications/notifications.server.ts";
import { spiceLevelLabel } from "../catalog/spice-levels.ts";
import type { SavedDetails } from "./checkout-details.ts";
import { detailLines } from "./order-details.ts";
import { FULFILMENT_LABELS } from "./checkout-fields.ts";
import { announceOrderChange } from "./live.server.ts";
import { newViewToken, orderLink } from "./order-view.server.ts";
import { cancelReplaced, newPendingToken, type PendingOrder } from "./pending-order.server.ts";

/**
 * The most one order may come to (whole rupiah), before any discount. It bounds every line as
 * well, far below what the money columns hold (docs/decisions/0017-input-limits-and-edges.md).
 */
export const MAX_ORDER_TOTAL = 100_000_000;

const ORDER_MESSAGES = {
  unknownItem: "Ada menu yang tidak dikenal. Muat ulang halaman lalu coba lagi.",
  soldOut: (nama: string) => `${nama} sedang habis. Hapus dari keranjang lalu pesan lagi.`,
  busy: (text: string) => `${text} Coba lagi nanti, ya.`,
  levelRequired: (nama: string) =>
    `Level pedas ${nama} di keranjang tidak sesuai menunya. Pilih levelnya lagi di keranjang.`,
  levelNotAllowed: (nama: string) => `${nama} tidak memakai level pedas.`,
  repriced: (total: number) =>
    `Total pesananmu kini ${formatRupiah(total)}: promo atau harga berubah sejak keranjang dibuka. Periksa rinciannya, lalu tekan Pesan lagi.`,
  tooLarge: `Total satu pesanan paling banyak ${formatRupiah(MAX_ORDER_TOTAL)}. Kurangi jumlahnya atau bagi menjadi beberapa pesanan.`,
} as const;

/** A line to order: which item, how many, at which level, with which note (from the cart). */
export interface OrderRequestLine {
  id: string;
  jumlah: number;
  level?: number | null;
  catatan?: string;
}

/** The signed-in account that places the order. */
interface Account {
  id: string;
}

/** What checkout asked (checkout-details.ts), with the chosen slot as a moment (null: as soon as possible). */
export interface OrderDetails extends SavedDetails {
  scheduledFor: Date | null;
}

interface RecordedOrder {
  id: number;
  code: string;
  /** The order's secret (for the pending order cookie only); stored hashed. */
  token: string;
  /** The secret of the order page's link (for this browser's view cookie); stored hashed. */
  viewToken: string;
  /** The code of the order this one replaced (cancelled), or null. */
  replaced: string | null;
  total: number;
  /** The lines' sum, the promotions that priced it, and what is paid. */
  pricing: Pricing;
  /** The WhatsApp text (within MESSAGE_BUDGET, the code always in it). */
  message: string;
  whatsappUrl: string;
  outsideHours: boolean;
}

type RecordResult =
  { ok: true; order: RecordedOrder } | { ok: false; status: 400 | 409; message: string; pricing?: Pricing };

/** An order line priced from the database. */
interface PricedLine {
  menu_item_id: string;
  nama: string;
  harga: number;
  jumlah: number;
  level: number | null;
  catatan: string;
  subtotal: number;
}

/** Tries before giving up on finding a free code (each try after the third is one character longer). */
const CODE_ATTEMPTS = 8;

/** `2x Mie Nyala Level 1 (Level 3), 1x Es Teh Jumbo`: the lines in one line, for a notification. */
const linesSummary = (lines: readonly PricedLine[]) =>
  lines
    .map(
      (line) =>
        `${line.jumlah}x ${line.nama}${line.level === null ? "" : ` · ${spiceLevelLabel(line.level)}`}`,
    )
    .join(", ");

interface RecordRequest {
  lines: readonly OrderRequestLine[];
  /** The brand, the number, the time zone, whether the store is open or busy. */
  store: StoreSettings;
  /** The signed-in account, or null for a guest. */
  account: Account | null;
  details: OrderDetails;
  /** The site's origin, for the order page's link in the message. */
  origin: string;
  /** The browser's previous unsent order (readPendingOrder), cancelled with this one's recording if it may be. */
  replaces?: PendingOrder | null;
  /**
   * The total the customer saw in the cart. When the server's pricing differs (a promo ended or
   * began, a price changed) nothing is recorded: the answer says the new total.
   */
  seenTotal?: number | null;
  /** The store's clock (ms); the real one unless a test sets it (lib/clock.server.ts). */
  now?: number;
}

/**
 * Checks the lines against the menu as it is now and stores the order with the customer's
 * details, its first timeline entry and the admins' "Pesanan baru" notifications. Refuses while
 * the store is busy, and refuses unknown and sold-out items and levels that do not fit the item
 * (a level is required exactly when the item takes one).
 */
export async function recordOrder(
  db: Database,
  { lines, store, account, details, origin, replaces = null, seenTotal = null, now }: RecordRequest,
): Promise<RecordResult> {
  if (store.busy) return { ok: false, status: 409, message: ORDER_MESSAGES.busy(store.busyText) };
  const ids = [...new Set(lines.map((line) => line.id))];
  const menu = await db
    .select({
      id: menuItems.id,
      nama: menuItems.nama,
      harga: menuItems.harga,
      tersedia: menuItems.tersedia,
      level: menuItems.level,
    })
    .from(menuItems)
    .where(inArray(menuItems.id, ids));
  const byId = new Map(menu.map((item) => [item.id, item]));

  const priced: PricedLine[] = [];
  for (const line of lines) {
    const item = byId.get(line.id);
    if (!item) return { ok: false, status: 409, message: ORDER_MESSAGES.unknownItem };
    if (!item.tersedia) return { ok: false, status: 409, message: ORDER_MESSAGES.soldOut(item.nama) };
    // A level family sells each level as its own item: the line's level is its item's, and a
    // level the customer picked for another item (a cart from before families) is refused.
    const level = line.level ?? item.level;
    if (item.level === null && level !== null) {
      return { ok: false, status: 400, message: ORDER_MESSAGES.levelNotAllowed(item.nama) };
    }
    if (level !== item.level) {
      return { ok: false, status: 400, message: ORDER_MESSAGES.levelRequired(item.nama) };
    }
    priced.push({
      menu_item_id: item.id,
      nama: item.nama,
      harga: item.harga,
      jumlah: line.jumlah,
      level,
      catatan: line.catatan ?? "",
      subtotal: item.harga * line.jumlah,
    });
  }
  const subtotal = priced.reduce((sum, line) => sum + line.subtotal, 0);
  if (subtotal > MAX_ORDER_TOTAL) return { ok: false, status: 400, message: ORDER_MESSAGES.tooLarge };
  const outsideHours = !store.status.open;

  // Priced again here, from the database and the store's clock: never the browser's numbers.
  const [context, facts] = await Promise.all([
    loadPricingContext(db),
    getCustomerFacts(db, account?.id ?? null, replaces?.code ?? null),
  ]);
  const pricing = priceCart({
    lines: priced.map((line) => ({ id: line.menu_item_id, harga: line.harga, jumlah: line.jumlah })),
    promos: context.promos,
    menu: context.menu,
    categoryNames: context.categoryNames,
    now: now ?? storeNow(),
    timezone: store.timezone,
    customer: facts,
  });
  const { total } = pricing;
  if (seenTotal !== null && seenTotal !== total) {
    return { ok: false, status: 409, message: ORDER_MESSAGES.repriced(total), pricing };
  }

  const pending = newPendingToken();
  const view = newViewToken();
  const recorded = await db.transaction(async (tx) => {
    for (let attempt = 0; attempt < CODE_ATTEMPTS; attempt++) {
      const code = generateOrderCode(ORDER_CODE_LENGTH + Math.max(0, attempt - 2));
      // A taken code inserts nothing (no error, so the transaction stays usable): draw again.
      const [row] = await tx
        .insert(orders)
        .values({
          code,
          user_id: account?.id ?? null,
          customer_name: details.nama,
          customer_phone: details.whatsapp,
          fulfilment: details.cara,
          address: details.alamat || null,
          landmark: details.patokan || null,
          table_number: details.meja || null,
          scheduled_for: details.scheduledFor,
          subtotal,
          total,
          outside_hours: outsideHours,
          token_hash: pending.hash,
          view_token_hash: view.hash,
        })
        .onConflictDoNothing({ target: orders.code })
        .returning({ id: orders.id, code: orders.code });
      if (!row) continue;
      await tx.insert(orderItems).values(priced.map((line) => ({ ...line, order_id: row.id })));
      await tx.insert(orderEvents).values({ order_id: row.id, status: "baru" });
      await notifyAdmins(tx, "pesananBaru", {
        judul: "Pesanan baru",
        pesan: `${row.code} · ${details.nama} · ${FULFILMENT_LABELS[details.cara]}: ${linesSummary(priced)} — ${formatRupiah(total)}`,
      });
      if (pricing.discounts.length > 0) {
        await tx.insert(orderDiscounts).values(
          pricing.discounts.map((entry) => ({
            order_id: row.id,
            promo_id: entry.promoId,
            title: entry.title,
            amount: entry.amount,
          })),
        );
      }
      const replaced = replaces && (await cancelReplaced(tx, replaces, row.code)) ? replaces.code : null;
      return { ...row, replaced };
    }
    throw new Error("no free order code after several attempts");
  });

  announceOrderChange({ code: recorded.code, kind: "baru" });
  if (recorded.replaced) announceOrderChange({ code: recorded.replaced, kind: "status" });

  const message = orderMessage(store.brand, priced, {
    code: recorded.code,
    customerName: details.nama,
    details: detailLines(
      {
        customer_phone: details.whatsapp,
        fulfilment: details.cara,
        address: details.alamat,
        landmark: details.patokan,
        table_number: details.meja,
        scheduled_for: details.scheduledFor,
      },
      store.timezone,
    ),
    closedNote: closedOrderNote(store.status),
    link: orderLink(origin, recorded.code, view.token),
    discounts: pricing.discounts,
  });
  return {
    ok: true,
    order: {
      id: recorded.id,
      code: recorded.code,
      token: pending.token,
      viewToken: view.token,
      replaced: recorded.replaced,
      total,
      pricing,
      message,
      whatsappUrl: whatsappLink(store.whatsapp, message),
      outsideHours,
    },
  };
}
