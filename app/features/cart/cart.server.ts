/**
 * The cart the server keeps: reading it for a page, changing it, counting it, merging a guest's
 * cart into an account's on sign-in. The rules (line keys, quantities 1–99, 50 lines, notes, the
 * re-check against the menu) are cart.ts's; this module stores their result.
 *
 * Every change runs in one transaction that locks the cart's row first: the lines are read, the
 * pure rule applied, the difference written and the cart's `version` raised. Two tabs changing
 * one cart at once are applied one after the other, never half of each, and a refused change
 * writes nothing.
 */
import { and, asc, eq, gt, sql } from "drizzle-orm";
import type { Database } from "../../../database/client.server.ts";
import { cartLines, carts } from "../../../database/schema.ts";
import { cachedContent } from "../../lib/content-cache.server.ts";
import { createTaggedCache } from "../../lib/tagged-cache.server.ts";
import { getPriceList } from "../catalog/catalog.server.ts";
import {
  addItem,
  cartCount,
  cartFingerprint,
  cartTotal,
  lineKey,
  MAX_LINES,
  MAX_QUANTITY,
  mergeCarts,
  reconcile,
  removeItem,
  switchLevel,
  setNote,
  setQuantity,
  type CartLine,
  type CartLineView,
  type CatalogEntry,
} from "./cart.ts";
import { CART_MESSAGES, type CartEdits } from "./cart-form.server.ts";
import {
  blankCartCookie,
  findCart,
  renewedExpiry,
  secretMatches,
  type CartOwner,
} from "./cart-owner.server.ts";

/** A change the rules refused: an Indonesian message and the status to answer with. */
export interface CartRefusal {
  ok: false;
  status: 400 | 404 | 409;
  message: string;
}

const refuse = (status: CartRefusal["status"], message: string): CartRefusal => ({
  ok: false,
  status,
  message,
});

type Executor = Pick<Database, "select" | "insert" | "update" | "delete">;

/**
 * Counts just read, by owner, for a moment (lib/tagged-cache.server.ts): every page a visitor with
 * a session or a cart loads shows one. Every change of a cart forgets its count on every server
 * (`c:<cart id>`, and `u:<user id>` for an account's cart).
 */
const recentCounts = createTaggedCache<{ count: number; version: number }>("nyala_carts");

const ownerKey = (owner: CartOwner) =>
  owner.userId ? `u:${owner.userId}` : `g:${owner.guest?.id}.${owner.guest?.secret}`;

/** After a committed change of a cart: its count is read again, on every server. */
function forgetCount(cartId: string, userId: string | null) {
  recentCounts.forget(`c:${cartId}`);
  if (userId) recentCounts.forget(`u:${userId}`);
}

/** The current menu's names, prices and availability, as every storefront page reads them. */
export const currentCatalog = (db: Database): Promise<CatalogEntry[]> =>
  cachedContent("priceList", () => getPriceList(db));

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

/** Writes `next` over `rows`: removed keys deleted first, then changed and new lines, in their places. */
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

type Changed = { ok: true; lines: CartLine[]; version: number };

/**
 * Applies `change` to the cart's lines under the cart's row lock and stores the result (nothing
 * when it refuses). A guest cart's expiry moves forward with every change.
 */
export async function changeCart(
  db: Database,
  cartId: string,
  change: (lines: CartLine[], catalog: ReadonlyMap<string, CatalogEntry>) => CartLine[] | CartRefusal,
): Promise<Changed | CartRefusal> {
  const catalog = await currentCatalog(db);
  const byId = new Map(catalog.map((entry) => [entry.id, entry]));
  const result = await db.transaction(async (tx) => {
    const [cart] = await tx
      .select({ version: carts.version, userId: carts.user_id })
      .from(carts)
      .where(eq(carts.id, cartId))
      .for("update");
    if (!cart) return refuse(404, CART_MESSAGES.unreadable);
    const rows = await readRows(tx, cartId);
    const next = change(rows.map(toLine), byId);
    if (!Array.isArray(next)) return next;
    await writeLines(tx, cartId, rows, next);
    const version = cart.version + 1;
    await tx
      .update(carts)
      .set({ version, updated_at: new Date(), ...(cart.userId ? {} : { expires_at: renewedExpiry() }) })
      .where(eq(carts.id, cartId));
    return { ok: true as const, lines: next, version, userId: cart.userId };
  });
  if (!result.ok) return result;
  forgetCount(cartId, result.userId);
  return { ok: true, lines: result.lines, version: result.version };
}

/**
 * The menu item a level choice stands for: `item` itself without a level, else the member of
 * its level family at `level` (docs/decisions/0023-spice-level-families.md), or why not.
 */
function memberAt(
  catalog: ReadonlyMap<string, CatalogEntry>,
  item: CatalogEntry,
  level: number | undefined,
): CatalogEntry | CartRefusal {
  if (level === undefined || level === item.level) return item;
  if (!item.level_family) return refuse(400, CART_MESSAGES.levelNotAllowed(item.nama));
  for (const entry of catalog.values()) {
    if (entry.level_family === item.level_family && entry.level === level) return entry;
  }
  return refuse(400, CART_MESSAGES.levelUnknown(item.level_family, level));
}

/** The menu item that a level chosen on the card of `menuItemId` adds, or null if none. */
export function levelMember(
  catalog: ReadonlyMap<string, CatalogEntry>,
  menuItemId: string,
  level: number | undefined,
): CatalogEntry | null {
  const card = catalog.get(menuItemId);
  const member = card ? memberAt(catalog, card, level) : null;
  return member && !("ok" in member) ? member : null;
}

/**
 * Adds one of a menu item to the lines, or says why not. A level chosen on a dish's card adds
 * that level's own item (Level 3 chosen on the Level 1 card: Mie Nyala Level 3, at its price).
 */
export function addToLines(
  lines: CartLine[],
  catalog: ReadonlyMap<string, CatalogEntry>,
  menuItemId: string,
  chosenLevel: number | undefined,
): CartLine[] | CartRefusal {
  const card = catalog.get(menuItemId);
  if (!card) return refuse(404, CART_MESSAGES.unknownItem);
  const item = memberAt(catalog, card, chosenLevel);
  if ("ok" in item) return item;
  if (!item.tersedia) return refuse(409, CART_MESSAGES.soldOut(item.nama));
  const level = item.level ?? undefined;
  const key = lineKey({ id: item.id, level });
  const existing = lines.find((line) => lineKey(line) === key);
  if (!existing && lines.length >= MAX_LINES) return refuse(400, CART_MESSAGES.full);
  if (existing && existing.jumlah >= MAX_QUANTITY) return refuse(400, CART_MESSAGES.atMost(item.nama));
  return addItem(lines, { id: item.id, nama: item.nama, harga: item.harga, level });
}

/**
 * The cart page's edits applied to the lines, in the order a customer means them: the button's
 * own change (a quantity, a removal) on the lines as drawn, then every note, then every level.
 * Keys no longer in the cart (changed in another tab) are passed over.
 */
export function applyEdits(
  lines: CartLine[],
  catalog: ReadonlyMap<string, CatalogEntry>,
  edits: CartEdits,
): CartLine[] | CartRefusal {
  let next = lines;
  if (edits.quantity) next = setQuantity(next, edits.quantity.key, edits.quantity.jumlah);
  if (edits.remove) next = removeItem(next, edits.remove);
  for (const [key, catatan] of edits.notes) next = setNote(next, key, catatan);
  for (const [key, level] of edits.levels) {
    const line = next.find((entry) => lineKey(entry) === key);
    if (!line || line.level === level) continue;
    const current = catalog.get(line.id);
    if (!current) continue; // gone from the menu: the cart page drops it with a notice
    const member = memberAt(catalog, current, level);
    if ("ok" in member) return member;
    if (!member.tersedia) return refuse(409, CART_MESSAGES.soldOut(member.nama));
    next = switchLevel(next, key, { id: member.id, nama: member.nama, harga: member.harga, level });
  }
  return next;
}

export interface CartView {
  lines: CartLineView[];
  /** What changed in the menu since the customer last saw these lines (each said once). */
  notices: string[];
  count: number;
  total: number;
  version: number;
  fingerprint: string;
}

export const EMPTY_CART: CartView = {
  lines: [],
  notices: [],
  count: 0,
  total: 0,
  version: 0,
  fingerprint: "",
};

/**
 * The cart as a page shows it, re-checked against the current menu. With `acknowledge` (a page
 * the customer sees), what changed is written back as seen, so each notice is said once; the
 * checkout reads without it, so a refused checkout leaves the notices for the cart page.
 */
export async function readCartView(
  db: Database,
  cartId: string | null,
  { acknowledge = true }: { acknowledge?: boolean } = {},
): Promise<CartView> {
  if (!cartId) return EMPTY_CART;
  const [cart] = await db.select({ version: carts.version }).from(carts).where(eq(carts.id, cartId)).limit(1);
  if (!cart) return EMPTY_CART;
  const catalog = await currentCatalog(db);
  const rows = await readRows(db, cartId);
  const checked = reconcile(rows.map(toLine), catalog);
  let version = cart.version;
  if (checked.changed && acknowledge) {
    const written = await changeCart(db, cartId, (current) => reconcile(current, catalog).lines);
    if (written.ok) version = written.version;
  }
  return {
    lines: checked.view,
    notices: checked.notices,
    count: cartCount(checked.view),
    total: cartTotal(checked.view),
    version,
    fingerprint: cartFingerprint(checked.view),
  };
}

/**
 * How many portions the owner's cart holds, and its version, in one query: every page's header
 * shows the count, so this runs for every page a visitor with a session or a cart cookie loads.
 */
export async function countCart(db: Database, owner: CartOwner): Promise<{ count: number; version: number }> {
  const none = { count: 0, version: 0 };
  const where = owner.userId
    ? eq(carts.user_id, owner.userId)
    : owner.guest
      ? and(eq(carts.id, owner.guest.id), gt(carts.expires_at, new Date()))
      : null;
  if (!where) return none;
  const key = ownerKey(owner);
  const recent = recentCounts.get(key);
  if (recent) return recent;
  const [row] = await db
    .select({
      id: carts.id,
      version: carts.version,
      secret_hash: carts.secret_hash,
      count: sql<number>`coalesce(sum(${cartLines.jumlah}), 0)::int`,
    })
    .from(carts)
    .leftJoin(cartLines, eq(cartLines.cart_id, carts.id))
    .where(where)
    .groupBy(carts.id);
  const found = row && (owner.userId || secretMatches(row.secret_hash, owner.guest!.secret)) ? row : null;
  const counted = found ? { count: found.count, version: found.version } : none;
  const tags = [...(found ? [`c:${found.id}`] : []), ...(owner.userId ? [`u:${owner.userId}`] : [])];
  // A guest cookie naming no live cart stays without one: a new cart comes with a new cookie.
  recentCounts.set(key, counted, tags);
  return counted;
}

/**
 * On sign-in: the guest cart's lines join the account's cart (quantities added, capped at 99; at
 * most 50 lines), or the guest cart becomes the account's when it has none. The guest cart is
 * then gone; the answer carries the Set-Cookie that forgets it (null without a guest cart).
 */
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
