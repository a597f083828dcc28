// The cart the server keeps (0018): read, changed under its row lock, counted, merged on sign-in.
import { and, asc, eq, gt, sql } from "drizzle-orm";
import type { Database } from "../../../database/client.server.ts";
import { cartLines, carts, orderCarts } from "../../../database/schema.ts";
import { createTaggedCache } from "../../lib/tagged-cache.server.ts";
import { getPricingContext, type PricingContext } from "../pricing/pricing-context.server.ts";
import {
  cartCount,
  cartFingerprint,
  cartTotal,
  lineKey,
  lowerOwed,
  mergeCarts,
  orderableCount,
  reconcile,
  type CartLine,
  type CartLineView,
  type CatalogEntry,
} from "./cart.ts";
import { applyEdits, refuse, type CartRefusal } from "./cart-changes.ts";
import type { CartEdits } from "./cart-form.server.ts";
import { CART_MESSAGES } from "./cart-messages.ts";
import {
  blankCartCookie,
  findCart,
  renewedExpiry,
  secretMatches,
  type CartOwner,
} from "./cart-owner.server.ts";
import { orderBlock } from "./line-check.ts";

type Executor = Pick<Database, "select" | "insert" | "update" | "delete">;

// Cached briefly; every change of a cart forgets its count on every server.
const recentCounts = createTaggedCache<{ count: number; version: number }>("nyala_carts");

const ownerKey = (owner: CartOwner) =>
  owner.userId ? `u:${owner.userId}` : `g:${owner.guest?.id}.${owner.guest?.secret}`;

function forgetCount(cartId: string, userId: string | null) {
  recentCounts.forget(`c:${cartId}`);
  if (userId) recentCounts.forget(`u:${userId}`);
}

export const currentCatalog = async (db: Database): Promise<readonly CatalogEntry[]> =>
  (await getPricingContext(db)).catalog;

const lineRow = {
  id: cartLines.id,
  line_key: cartLines.line_key,
  menu_item_id: cartLines.menu_item_id,
  level: cartLines.level,
  jumlah: cartLines.jumlah,
  catatan: cartLines.catatan,
  nama: cartLines.nama,
  harga: cartLines.harga,
  tersedia: cartLines.tersedia,
  position: cartLines.position,
};

const readRows = (db: Executor, cartId: string) =>
  db
    .select(lineRow)
    .from(cartLines)
    .where(eq(cartLines.cart_id, cartId))
    .orderBy(asc(cartLines.position), asc(cartLines.id));

type LineRow = Awaited<ReturnType<typeof readRows>>[number];

const linesOf = (found: readonly { line: LineRow | null }[]) =>
  found.flatMap(({ line }) => (line ? [line] : []));

const ownerWhere = (owner: CartOwner) =>
  owner.userId
    ? eq(carts.user_id, owner.userId)
    : owner.guest
      ? and(eq(carts.id, owner.guest.id), gt(carts.expires_at, new Date()))
      : null;

async function readCart(db: Database, cart: string | CartOwner) {
  const where = typeof cart === "string" ? eq(carts.id, cart) : ownerWhere(cart);
  if (!where) return null;
  const found = await db
    .select({ id: carts.id, version: carts.version, secret_hash: carts.secret_hash, line: lineRow })
    .from(carts)
    .leftJoin(cartLines, eq(cartLines.cart_id, carts.id))
    .where(where)
    .orderBy(asc(cartLines.position), asc(cartLines.id));
  const first = found[0];
  if (!first) return null;
  if (typeof cart !== "string" && !cart.userId && !secretMatches(first.secret_hash, cart.guest!.secret)) {
    return null;
  }
  return { id: first.id, version: first.version, rows: linesOf(found) };
}

function toLine(row: LineRow): CartLine {
  return {
    id: row.menu_item_id,
    nama: row.nama,
    harga: row.harga,
    jumlah: row.jumlah,
    ...(row.level === null ? {} : { level: row.level }),
    ...(row.catatan ? { catatan: row.catatan } : {}),
    ...(row.tersedia ? {} : { tersedia: false as const }),
  };
}

async function writeLines(tx: Executor, cartId: string, rows: LineRow[], next: CartLine[]) {
  const keys = new Set(next.map(lineKey));
  for (const row of rows) {
    if (!keys.has(row.line_key)) await tx.delete(cartLines).where(eq(cartLines.id, row.id));
  }
  const byKey = new Map(rows.map((row) => [row.line_key, row]));
  for (const [position, line] of next.entries()) {
    const key = lineKey(line);
    const values = {
      menu_item_id: line.id,
      level: line.level ?? null,
      jumlah: line.jumlah,
      catatan: line.catatan ?? "",
      nama: line.nama,
      harga: line.harga,
      tersedia: line.tersedia !== false,
      position,
    };
    const row = byKey.get(key);
    if (!row) {
      await tx.insert(cartLines).values({ cart_id: cartId, line_key: key, ...values });
    } else if ((Object.keys(values) as (keyof typeof values)[]).some((name) => row[name] !== values[name])) {
      await tx
        .update(cartLines)
        .set({ ...values, updated_at: new Date() })
        .where(eq(cartLines.id, row.id));
    }
  }
}

type Changed = { ok: true; lines: CartLine[]; version: number; count: number };

// Checkouts still to take their lines owe no more than the cart holds; `fresh` owes them nothing (0053).
async function settleCheckouts(tx: Executor, cartId: string, next: CartLine[], fresh: boolean) {
  const links = await tx
    .select({ orderId: orderCarts.order_id, owed: orderCarts.owed })
    .from(orderCarts)
    .where(eq(orderCarts.cart_id, cartId));
  for (const link of links) {
    // A link from before `owed` takes the order's lines, as it always did, unless the cart was replaced.
    if (link.owed === null && !fresh) continue;
    const owed = fresh || link.owed === null ? {} : lowerOwed(link.owed, next);
    if (Object.keys(owed).length === 0)
      await tx.delete(orderCarts).where(eq(orderCarts.order_id, link.orderId));
    else if (JSON.stringify(owed) !== JSON.stringify(link.owed))
      await tx.update(orderCarts).set({ owed }).where(eq(orderCarts.order_id, link.orderId));
  }
}

export async function changeCart(
  db: Database,
  cartId: string,
  change: (lines: CartLine[], catalog: ReadonlyMap<string, CatalogEntry>) => CartLine[] | CartRefusal,
  { fresh = false }: { fresh?: boolean } = {},
): Promise<Changed | CartRefusal> {
  const { menu } = await getPricingContext(db);
  const result = await db.transaction(async (tx) => {
    // Locked first, read after: a statement waiting for the lock would see the lines as they
    // were before it waited (PostgreSQL's read committed).
    const [cart] = await tx
      .select({ version: carts.version, userId: carts.user_id })
      .from(carts)
      .where(eq(carts.id, cartId))
      .for("update");
    if (!cart) return refuse(404, CART_MESSAGES.unreadable);
    const rows = await readRows(tx, cartId);
    const next = change(rows.map(toLine), menu);
    if (!Array.isArray(next)) return next;
    await writeLines(tx, cartId, rows, next);
    await settleCheckouts(tx, cartId, next, fresh);
    const version = cart.version + 1;
    await tx
      .update(carts)
      .set({ version, updated_at: new Date(), ...(cart.userId ? {} : { expires_at: renewedExpiry() }) })
      .where(eq(carts.id, cartId));
    return { ok: true as const, lines: next, version, userId: cart.userId };
  });
  if (!result.ok) return result;
  forgetCount(cartId, result.userId);
  return {
    ok: true,
    lines: result.lines,
    version: result.version,
    count: orderableCount(result.lines, menu),
  };
}

export interface CartView {
  lines: CartLineView[];
  notices: string[];
  count: number;
  total: number;
  version: number;
  fingerprint: string;
  blocked: string | null;
}

export const EMPTY_CART: CartView = {
  lines: [],
  notices: [],
  count: 0,
  total: 0,
  version: 0,
  fingerprint: "",
  blocked: null,
};

// With `acknowledge` (a page the customer sees), what changed is written back as seen: said once.
export async function readCartView(
  db: Database,
  owner: string | CartOwner,
  { acknowledge = true, catalog }: { acknowledge?: boolean; catalog?: readonly CatalogEntry[] } = {},
): Promise<CartView> {
  const cart = await readCart(db, owner);
  if (!cart) return EMPTY_CART;
  const menu = catalog ?? (await currentCatalog(db));
  const checked = reconcile(cart.rows.map(toLine), menu);
  let version = cart.version;
  if (checked.changed && acknowledge) {
    const written = await changeCart(db, cart.id, (current) => reconcile(current, menu).lines);
    if (written.ok) version = written.version;
  }
  return {
    lines: checked.view,
    notices: checked.notices,
    count: cartCount(checked.view),
    total: cartTotal(checked.view),
    version,
    fingerprint: cartFingerprint(checked.view),
    blocked: checked.view.length > 0 ? (orderBlock(checked.view)?.message ?? null) : null,
  };
}

const lineState = (line: CartLine) =>
  [lineKey(line), line.jumlah, line.catatan ?? "", line.nama, line.harga, line.tersedia !== false].join("\n");

const sameLines = (a: readonly CartLine[], b: readonly CartLine[]) =>
  a.length === b.length && a.every((line, index) => lineState(line) === lineState(b[index]!));

// Only a change is written, under the cart's lock, where the fingerprint is checked again (0028).
export async function checkoutLines(
  db: Database,
  owner: CartOwner,
  { catalog, menu }: Pick<PricingContext, "catalog" | "menu">,
  seen: string | null,
  edits: Pick<CartEdits, "notes" | "levels">,
): Promise<{ ok: true; cartId: string; lines: CartLineView[] } | CartRefusal> {
  const edit = (lines: CartLine[]): CartLine[] | CartRefusal => {
    const shown = reconcile(lines, catalog).view;
    if (shown.length === 0) return refuse(400, CART_MESSAGES.empty);
    if (seen !== null && seen !== cartFingerprint(shown)) return refuse(409, CART_MESSAGES.changed);
    return applyEdits(lines, menu, { quantity: null, remove: null, ...edits });
  };
  const cart = await readCart(db, owner);
  if (!cart) return refuse(400, CART_MESSAGES.empty);
  const lines = cart.rows.map(toLine);
  const next = edit(lines);
  if (!Array.isArray(next)) return next;
  if (sameLines(next, lines)) return { ok: true, cartId: cart.id, lines: reconcile(lines, catalog).view };
  const changed = await changeCart(db, cart.id, edit);
  if (!changed.ok) return changed;
  return { ok: true, cartId: cart.id, lines: reconcile(changed.lines, catalog).view };
}

export async function countCart(db: Database, owner: CartOwner): Promise<{ count: number; version: number }> {
  const none = { count: 0, version: 0 };
  const where = ownerWhere(owner);
  if (!where) return none;
  const key = ownerKey(owner);
  const recent = recentCounts.get(key);
  if (recent) return recent;
  const [[row], { menu }] = await Promise.all([
    db
      .select({
        id: carts.id,
        version: carts.version,
        secret_hash: carts.secret_hash,
        lines: sql<
          { id: string; jumlah: number }[]
        >`coalesce(json_agg(json_build_object('id', ${cartLines.menu_item_id}, 'jumlah', ${cartLines.jumlah})) filter (where ${cartLines.id} is not null), '[]')`,
      })
      .from(carts)
      .leftJoin(cartLines, eq(cartLines.cart_id, carts.id))
      .where(where)
      .groupBy(carts.id),
    getPricingContext(db),
  ]);
  const found = row && (owner.userId || secretMatches(row.secret_hash, owner.guest!.secret)) ? row : null;
  const counted = found ? { count: orderableCount(found.lines, menu), version: found.version } : none;
  const tags = [...(found ? [`c:${found.id}`] : []), ...(owner.userId ? [`u:${owner.userId}`] : [])];
  // A guest cookie naming no live cart stays without one: a new cart comes with a new cookie.
  recentCounts.set(key, counted, tags);
  return counted;
}

export async function mergeGuestCart(db: Database, owner: CartOwner, userId: string): Promise<string | null> {
  if (!owner.guest) return null;
  const guestId = await findCart(db, { userId: null, guest: owner.guest });
  if (!guestId) return blankCartCookie();
  const accountCart = await findCart(db, { userId, guest: null });
  if (!accountCart) {
    // Only a guest cart becomes the account's (a concurrent sign-in may have created one meanwhile).
    const moved = await db
      .update(carts)
      .set({ user_id: userId, secret_hash: null, expires_at: null, updated_at: new Date() })
      .where(and(eq(carts.id, guestId), gt(carts.expires_at, new Date())))
      .returning({ id: carts.id })
      .catch(() => []);
    if (moved.length > 0) {
      forgetCount(guestId, userId);
      return blankCartCookie();
    }
  }
  const target = accountCart ?? (await findCart(db, { userId, guest: null }));
  if (target) {
    const guestLines = (await readRows(db, guestId)).map(toLine);
    await changeCart(db, target, (lines) => mergeCarts(lines, guestLines));
  }
  await db.delete(carts).where(eq(carts.id, guestId));
  forgetCount(guestId, userId);
  return blankCartCookie();
}
