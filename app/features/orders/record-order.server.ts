/**
 * Recording an order at checkout (POST /pesanan).
 *
 * Trust model: the lines are the server's cart (cart.server.ts): which items, how many, at which
 * spice level, with which note. Names and prices come from the database at this moment; nothing
 * the browser sends can change what the order costs. The order and its lines are written in one transaction: an order is stored whole
 * or not at all.
 *
 * Replacing an unsent order: each recorded order gets a random secret; only its SHA-256 is
 * stored. The browser holds code and secret in an HttpOnly cookie (the pending order cookie below; like the session, no script and no page ever sees the secret) until the
 * customer confirms the message was sent, which deletes it. A checkout that arrives with the
 * cookie cancels that order in the same transaction as the new one, but only while it is still
 * `baru` and the secret matches (compared in constant time). Anything else about the cookie
 * (malformed, unknown code, wrong secret, an order the restaurant already took up) is ignored
 * without a word: it must never stand between a customer and a real order, and its answer must
 * not tell a guesser which codes exist. The same cookie marks the order as sent when the customer
 * confirms it (`confirmSent`).
 *
 * Each order also gets the secret of its page's link (order-view.server.ts), which the WhatsApp
 * message carries. Once committed, the order is announced to the live pages (live.server.ts).
 */
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import type { Database } from "../../../database/client.server.ts";
import { auditLog, menuItems, orderEvents, orderItems, orders } from "../../../database/schema.ts";
import { lineKey } from "../cart/cart.ts";
import { closedOrderNote } from "../store/opening-hours.ts";
import { cookieName, readCookie, serializeCookie } from "../../lib/cookies.server.ts";
import { generateOrderCode, isOrderCode, ORDER_CODE_LENGTH } from "./order-code.ts";
import type { StoreSettings } from "../store/settings.server.ts";
import { whatsappLink } from "../../lib/whatsapp.ts";
import { formatRupiah } from "../../lib/format.ts";
import { orderMessage } from "./order-message.ts";
import { notifyAdmins } from "../admin/notifications.server.ts";
import { spiceLevelLabel } from "../catalog/spice-levels.ts";
import type { SavedDetails } from "./checkout-details.ts";
import { detailLines } from "./order-details.ts";
import { FULFILMENT_LABELS } from "./checkout-fields.ts";
import { announceOrderChange } from "./live.server.ts";
import { newViewToken, orderLink } from "./order-view.server.ts";

/**
 * The most one order may come to (whole rupiah), before any discount. It bounds every line as
 * well, far below what the money columns hold (docs/decisions/0017-input-limits-and-edges.md).
 */
export const MAX_ORDER_TOTAL = 100_000_000;

const ORDER_MESSAGES = {
  unknownItem: "Ada menu yang tidak dikenal. Muat ulang halaman lalu coba lagi.",
  soldOut: (nama: string) => `${nama} sedang habis. Hapus dari keranjang lalu pesan lagi.`,
  busy: (text: string) => `${text} Coba lagi nanti, ya.`,
  levelRequired: (nama: string) => `Pilih level pedas untuk ${nama}.`,
  levelNotAllowed: (nama: string) => `${nama} tidak memakai level pedas.`,
  tooLarge: `Total satu pesanan paling banyak ${formatRupiah(MAX_ORDER_TOTAL)}. Kurangi jumlahnya atau bagi menjadi beberapa pesanan.`,
} as const;

/** A line to order: which item, how many, at which level, with which note (from the cart). */
export interface OrderRequestLine {
  id: string;
  jumlah: number;
  level?: number | null;
  catatan?: string;
}

/** The order a checkout replaces: its code and the secret its own checkout was given. */
interface ReplacedOrder {
  code: string;
  token: string;
}

/** Bytes of an order's secret (base64url: 32 characters). */
const ORDER_TOKEN_BYTES = 24;
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{16,128}$/;

const hashToken = (token: string) => createHash("sha256").update(token).digest();

/**
 * The pending order cookie: `<code>.<secret>`, for a day. For the whole site: the checkout posts
 * to /pesanan as a page and to /pesanan.data from its JavaScript, and a cookie scoped to
 * /pesanan is not sent to the second.
 */
const PENDING_ORDER_PATH = "/";
const PENDING_ORDER_SECONDS = 24 * 60 * 60;
const pendingOrderCookieName = () => cookieName("nyala_pesanan", PENDING_ORDER_PATH);

/**
 * The order this browser may replace, from its pending order cookie; null for anything else
 * (absent, malformed, a code or secret that cannot be one): a bad cookie is ignored, never refused.
 */
export function readPendingOrder(request: Request): ReplacedOrder | null {
  const value = readCookie(request, pendingOrderCookieName(), 200);
  const [code = "", token = "", ...rest] = value?.split(".") ?? [];
  if (rest.length > 0 || !isOrderCode(code) || !TOKEN_PATTERN.test(token)) return null;
  return { code, token };
}

/** Set-Cookie for the order just recorded: the next checkout from this browser may replace it. */
export const pendingOrderCookie = (order: ReplacedOrder) =>
  serializeCookie(pendingOrderCookieName(), `${order.code}.${order.token}`, {
    path: PENDING_ORDER_PATH,
    maxAge: PENDING_ORDER_SECONDS,
  });

/** Set-Cookie that forgets the pending order (the customer sent it: nothing may cancel it now). */
export const blankPendingOrderCookie = () =>
  serializeCookie(pendingOrderCookieName(), "", { path: PENDING_ORDER_PATH, maxAge: 0 });

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
  /** The WhatsApp text (within MESSAGE_BUDGET, the code always in it). */
  message: string;
  whatsappUrl: string;
  outsideHours: boolean;
}

type RecordResult = { ok: true; order: RecordedOrder } | { ok: false; status: 400 | 409; message: string };

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

/** Who the audit log names for an automatic cancellation (no admin did it). */
const REPLACEMENT_ACTOR = "otomatis";

/** The recording transaction. */
type Executor = Pick<Database, "select" | "insert" | "update">;

/**
 * Cancels `replaced` for the new order `code` when it is still `baru` and its secret matches;
 * returns whether it did. The update names the status it replaces, so an admin taking the order
 * up at the same moment wins. Written to the audit log like an admin's status change, by
 * "otomatis".
 */
async function cancelReplaced(tx: Executor, replaced: ReplacedOrder, code: string): Promise<boolean> {
  const [old] = await tx
    .select({ id: orders.id, status: orders.status, token_hash: orders.token_hash })
    .from(orders)
    .where(eq(orders.code, replaced.code))
    .limit(1);
  if (!old || old.status !== "baru" || !old.token_hash) return false;
  const expected = Buffer.from(old.token_hash, "hex");
  const actual = hashToken(replaced.token);
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return false;
  const cancelled = await tx
    .update(orders)
    .set({ status: "batal", replaced_by: code, updated_at: new Date() })
    .where(and(eq(orders.id, old.id), eq(orders.status, "baru")))
    .returning({ id: orders.id });
  if (cancelled.length === 0) return false;
  await tx.insert(auditLog).values({
    user_id: null,
    actor_email: REPLACEMENT_ACTOR,
    action: "status",
    entity: "pesanan",
    entity_id: replaced.code,
    summary: `Pesanan ${replaced.code}: Baru → Dibatalkan (diganti pesanan ${code})`,
    details: { from: "baru", to: "batal", replaced_by: code },
  });
  await tx.insert(orderEvents).values({
    order_id: old.id,
    status: "batal",
    reason: `Pelanggan mengubah pesanan; diganti pesanan ${code}.`,
  });
  return true;
}

/** `2x Mie Nyala Level 1 (Level 3), 1x Es Teh Jumbo`: the lines in one line, for a notification. */
const linesSummary = (lines: readonly PricedLine[]) =>
  lines
    .map(
      (line) =>
        `${line.jumlah}x ${line.nama}${line.level === null ? "" : ` · ${spiceLevelLabel(line.level)}`}`,
    )
    .join(", ");

/**
 * The customer confirmed that the WhatsApp message of their pending order was sent: marks it so
 * (the board stops flagging it as never sent). Ignored, like a bad cookie at checkout, when the
 * secret does not match. Returns the code when it marked one.
 */
export async function confirmSent(db: Database, pending: ReplacedOrder | null): Promise<string | null> {
  if (!pending) return null;
  const [row] = await db
    .select({ id: orders.id, token_hash: orders.token_hash, sent_at: orders.sent_at })
    .from(orders)
    .where(eq(orders.code, pending.code))
    .limit(1);
  if (!row?.token_hash) return null;
  const expected = Buffer.from(row.token_hash, "hex");
  const actual = hashToken(pending.token);
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return null;
  if (row.sent_at) return pending.code;
  await db.update(orders).set({ sent_at: new Date() }).where(eq(orders.id, row.id));
  announceOrderChange({ code: pending.code, kind: "terkirim" });
  return pending.code;
}

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
  replaces?: ReplacedOrder | null;
}

/**
 * Checks the lines against the menu as it is now and stores the order with the customer's
 * details, its first timeline entry and the admins' "Pesanan baru" notifications. Refuses while
 * the store is busy, and refuses unknown and sold-out items and levels that do not fit the item
 * (a level is required exactly when the item takes one).
 */
export async function recordOrder(
  db: Database,
  { lines, store, account, details, origin, replaces = null }: RecordRequest,
): Promise<RecordResult> {
  if (store.busy) return { ok: false, status: 409, message: ORDER_MESSAGES.busy(store.busyText) };
  const ids = [...new Set(lines.map((line) => line.id))];
  const menu = await db
    .select({
      id: menuItems.id,
      nama: menuItems.nama,
      harga: menuItems.harga,
      tersedia: menuItems.tersedia,
      takes_level: menuItems.takes_level,
    })
    .from(menuItems)
    .where(inArray(menuItems.id, ids));
  const byId = new Map(menu.map((item) => [item.id, item]));

  const priced: PricedLine[] = [];
  for (const line of lines) {
    const item = byId.get(line.id);
    if (!item) return { ok: false, status: 409, message: ORDER_MESSAGES.unknownItem };
    if (!item.tersedia) return { ok: false, status: 409, message: ORDER_MESSAGES.soldOut(item.nama) };
    const level = line.level ?? null;
    if (item.takes_level && level === null) {
      return { ok: false, status: 400, message: ORDER_MESSAGES.levelRequired(item.nama) };
    }
    if (!item.takes_level && level !== null) {
      return { ok: false, status: 400, message: ORDER_MESSAGES.levelNotAllowed(item.nama) };
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
  const total = priced.reduce((sum, line) => sum + line.subtotal, 0);
  if (total > MAX_ORDER_TOTAL) return { ok: false, status: 400, message: ORDER_MESSAGES.tooLarge };
  const outsideHours = !store.status.open;

  const token = randomBytes(ORDER_TOKEN_BYTES).toString("base64url");
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
          total,
          outside_hours: outsideHours,
          token_hash: hashToken(token).toString("hex"),
          view_token_hash: view.hash,
        })
        .onConflictDoNothing({ target: orders.code })
        .returning({ id: orders.id, code: orders.code });
      if (!row) continue;
      await tx.insert(orderItems).values(priced.map((line) => ({ ...line, order_id: row.id })));
      await tx.insert(orderEvents).values({ order_id: row.id, status: "baru" });
      await notifyAdmins(
        tx,
        "pesananBaru",
        "Pesanan baru",
        `${row.code} · ${details.nama} · ${FULFILMENT_LABELS[details.cara]}: ${linesSummary(priced)} — ${formatRupiah(total)}`,
      );
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
  });
  return {
    ok: true,
    order: {
      id: recorded.id,
      code: recorded.code,
      token,
      viewToken: view.token,
      replaced: recorded.replaced,
      total,
      message,
      whatsappUrl: whatsappLink(store.whatsapp, message),
      outsideHours,
    },
  };
}

/**
 * The order `pending` names, when its secret matches: its code and the cart line keys it carried
 * (so "sudah terkirim" takes exactly those out of the cart). Null for anything else.
 */
export async function findPendingOrder(
  db: Database,
  pending: ReplacedOrder,
): Promise<{ code: string; lineKeys: string[] } | null> {
  const [order] = await db
    .select({ id: orders.id, token_hash: orders.token_hash })
    .from(orders)
    .where(eq(orders.code, pending.code))
    .limit(1);
  if (!order?.token_hash) return null;
  const expected = Buffer.from(order.token_hash, "hex");
  const actual = hashToken(pending.token);
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return null;
  const items = await db
    .select({ menu_item_id: orderItems.menu_item_id, level: orderItems.level })
    .from(orderItems)
    .where(eq(orderItems.order_id, order.id));
  return {
    code: pending.code,
    lineKeys: items.flatMap((item) =>
      item.menu_item_id ? [lineKey({ id: item.menu_item_id, level: item.level })] : [],
    ),
  };
}
