import { data, Link, redirect } from "react-router";
import type { Route } from "./+types/pesanan-detail";
import { getOptionalUser } from "~/features/accounts/auth.server.ts";
import { normalizeOrderCode, orderPath } from "~/features/orders/order-code.ts";
import { OrderPage } from "~/features/order-pages/customer/order-page.tsx";
import { loadOrderPage } from "~/features/order-pages/order-page-data.server.ts";
import { findViewableOrder, readViewCookie, viewCookies } from "~/features/orders/order-view.server.ts";
import { getStoreSettings } from "~/features/store/settings.server.ts";
import { getDb } from "~/lib/db.server.ts";
import { pageMeta } from "~/lib/meta.ts";
import { useRootData } from "~/root.tsx";

/** Every refusal is this one answer: it never tells whether the code exists. */
const notFound = () =>
  data("Pesanan tidak ditemukan.", { status: 404, headers: { "Cache-Control": "no-store" } });

// The WhatsApp link's `?kunci=<secret>`, when good, moves into a cookie for this order's page only and the
// browser goes on to the clean address: the secret stays out of the address bar, history and screenshots.
export async function loader({ request, params, context, url }: Route.LoaderArgs) {
  const code = normalizeOrderCode(params.kode);
  const db = await getDb();
  const userId = getOptionalUser(context)?.id ?? null;
  const key = url.searchParams.get("kunci");
  if (key !== null) {
    const orderId = await findViewableOrder(db, code, { token: key, userId });
    if (orderId === null) throw notFound();
    const headers = new Headers({ "Cache-Control": "no-store" });
    for (const cookie of viewCookies(code, key)) headers.append("Set-Cookie", cookie);
    throw redirect(orderPath(code), { status: 303, headers });
  }
  const orderId = await findViewableOrder(db, code, { token: readViewCookie(request, code), userId });
  const order =
    orderId === null ? null : await loadOrderPage(db, orderId, (await getStoreSettings(db)).timezone);
  if (!order) throw notFound();
  return data(
    { order, liveUrl: `${orderPath(order.code)}/langsung` },
    { headers: { "Cache-Control": "no-store" } },
  );
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return { "Cache-Control": loaderHeaders.get("Cache-Control") ?? "no-store" };
}

export default function OrderDetail({ loaderData }: Route.ComponentProps) {
  const { store } = useRootData();
  return <OrderPage order={loaderData.order} liveUrl={loaderData.liveUrl} store={store} />;
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => [
  ...pageMeta(matches, {
    title: loaderData ? `Pesanan ${loaderData.order.code}` : "Pesanan tidak ditemukan",
    description: "Status dan rincian pesananmu.",
    path: loaderData ? orderPath(loaderData.order.code) : "/pesanan",
    robots: "noindex, nofollow",
  }),
];

export function ErrorBoundary() {
  return (
    <div
      className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center"
      data-testid="order-not-found"
    >
      <title>Pesanan tidak ditemukan</title>
      <p className="text-7xl font-extrabold text-chili-600">404</p>
      <h1 className="mt-4 text-2xl font-extrabold">Pesanan tidak ditemukan</h1>
      <p className="mt-2 text-stone-600">
        Buka halaman pesanan lewat tautan di pesan WhatsApp-mu, atau masuk ke akunmu dan lihat Pesanan saya.
      </p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <Link to="/pesanan-saya" className="btn-primary">
          Pesanan saya
        </Link>
        <Link to="/produk" className="btn-secondary">
          Lihat Produk
        </Link>
      </div>
    </div>
  );
}
