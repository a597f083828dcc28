// "Pesanan saya": only the account's own orders; every query is filtered by its id.
import { count, desc, eq } from "drizzle-orm";
import type { Database } from "../../../database/client.server.ts";
import { linesOfOrders } from "./order-rows.server.ts";
import { orders } from "../../../database/schema.ts";

const PAGE_SIZE = 20;

export async function listCustomerOrders(db: Database, userId: string, requestedPage = 1) {
  const page = Math.max(1, Math.min(10_000, Math.floor(requestedPage) || 1));
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: orders.id,
        code: orders.code,
        status: orders.status,
        fulfilment: orders.fulfilment,
        total: orders.total,
        created_at: orders.created_at,
      })
      .from(orders)
      .where(eq(orders.user_id, userId))
      .orderBy(desc(orders.created_at), desc(orders.id))
      .limit(PAGE_SIZE)
      .offset((page - 1) * PAGE_SIZE),
    db.select({ n: count() }).from(orders).where(eq(orders.user_id, userId)),
  ]);
  const lines = await linesOfOrders(
    db,
    rows.map((row) => row.id),
  );
  return {
    orders: rows.map(({ id, ...row }) => ({
      ...row,
      lines: lines
        .filter((line) => line.order_id === id)
        .map(({ menu_item_id, nama, harga, jumlah, level, catatan }) => ({
          menu_item_id,
          nama,
          harga,
          jumlah,
          level,
          catatan,
        })),
    })),
    total: total?.n ?? 0,
    page,
    pages: Math.max(1, Math.ceil((total?.n ?? 0) / PAGE_SIZE)),
  };
}
