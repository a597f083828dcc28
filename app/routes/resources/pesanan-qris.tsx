import { eq } from "drizzle-orm";
import { data } from "react-router";
import type { Route } from "./+types/pesanan-qris";
import { orders } from "../../../database/schema.ts";
import { getOptionalUser } from "~/features/accounts/auth.server.ts";
import { normalizeOrderCode } from "~/features/orders/order-code.ts";
import { findViewableOrder, readViewCookie } from "~/features/orders/order-view.server.ts";
import { orderQris } from "~/features/payments/order-payment.server.ts";
import { shopPaymentSettings } from "~/features/payments/payment-settings.server.ts";
import { getDb } from "~/lib/db.server.ts";
import { qrPng } from "~/lib/qris/qr-render.server.ts";

const notFound = () =>
  data("QRIS pesanan tidak ditemukan.", { status: 404, headers: { "Cache-Control": "no-store" } });

// "Simpan QR": the order's QRIS as a PNG, for whoever may see the order page (0040).
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const code = normalizeOrderCode(params.kode);
  const db = await getDb();
  const userId = getOptionalUser(context)?.id ?? null;
  const orderId = await findViewableOrder(db, code, { token: readViewCookie(request, code), userId });
  if (orderId === null) throw notFound();
  const [order] = await db
    .select({ total: orders.total, method: orders.payment_method })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (order?.method !== "qris") throw notFound();
  const qris = orderQris(await shopPaymentSettings(db), order.total);
  if (!qris.ok) throw notFound();
  return new Response(new Uint8Array(await qrPng(qris.payload)), {
    headers: {
      "Content-Type": "image/png",
      "Content-Disposition": `attachment; filename="QRIS-${code}-Rp${order.total}.png"`,
      "Cache-Control": "private, no-store",
    },
  });
}
