// "Pesan lagi": a past order's lines back into the account's cart; a cart with lines asks first (0021, 0043).
import { and, asc, eq } from "drizzle-orm";
import type { Database } from "../../../database/client.server.ts";
import { orderItems, orders } from "../../../database/schema.ts";
import { mergeCarts, normalizeNote, type CartLine } from "../cart/cart.ts";
import { changeCart, countCart } from "../cart/cart.server.ts";
import { ensureCart, readCartOwner } from "../cart/cart-owner.server.ts";
import { isOrderCode } from "../orders/order-code.ts";

export const REORDER_MESSAGES = {
  notFound: "Pesanan tidak ditemukan.",
  gone: (names: string[]) => `${names.join(", ")} sudah tidak ada di menu dan tidak masuk keranjang.`,
  nothing: "Menu pesanan ini sudah tidak ada di menu.",
} as const;

export type ReorderMode = "ganti" | "tambah";
export const isReorderMode = (value: unknown): value is ReorderMode =>
  value === "ganti" || value === "tambah";

type Reordered =
  | { ok: true; count: number; version: number; gone: string[] }
  | { ok: "ask"; count: number }
  | { ok: false; status: 400 | 404 | 409 | 429; message: string };

// Without `mode` a cart with lines is left alone and its count returned, to ask.
export async function reorderIntoCart(
  db: Database,
  request: Request,
  userId: string,
  code: string,
  mode: ReorderMode | null = null,
): Promise<Reordered> {
  const notFound = { ok: false as const, status: 404 as const, message: REORDER_MESSAGES.notFound };
  if (!isOrderCode(code)) return notFound;
  // Only the account's own orders: another's code reads as unknown.
  const [order] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.code, code), eq(orders.user_id, userId)))
    .limit(1);
  if (!order) return notFound;
  const items = await db
    .select()
    .from(orderItems)
    .where(eq(orderItems.order_id, order.id))
    .orderBy(asc(orderItems.id));
  const again: CartLine[] = items.flatMap((item) => {
    if (!item.menu_item_id) return [];
    const catatan = normalizeNote(item.catatan);
    return [
      {
        id: item.menu_item_id,
        nama: item.nama,
        harga: item.harga,
        jumlah: item.jumlah,
        ...(item.level === null ? {} : { level: item.level }),
        ...(catatan ? { catatan } : {}),
      },
    ];
  });
  const gone = items.filter((item) => !item.menu_item_id).map((item) => item.nama);
  if (again.length === 0) return { ok: false, status: 409, message: REORDER_MESSAGES.nothing };

  const owner = readCartOwner(request, { id: userId });
  if (mode === null) {
    const { count } = await countCart(db, owner);
    if (count > 0) return { ok: "ask", count };
  }
  const cart = await ensureCart(db, owner, request);
  if (!cart.ok) return { ok: false, status: 429, message: cart.message };
  const changed = await changeCart(
    db,
    cart.cartId,
    (lines) => mergeCarts(mode === "ganti" ? [] : lines, again),
    {
      fresh: mode === "ganti",
    },
  );
  if (!changed.ok) return { ok: false, status: changed.status, message: changed.message };
  return { ok: true, count: changed.count, version: changed.version, gone };
}
