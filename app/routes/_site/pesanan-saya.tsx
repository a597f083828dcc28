import { data, Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/pesanan-saya";
import { getOptionalUser } from "~/features/accounts/auth.server.ts";
import { listCustomerOrders } from "~/features/orders/my-orders.server.ts";
import { formatSlot } from "~/features/store/order-time.ts";
import { getStoreSettings } from "~/features/store/settings.server.ts";
import { statusLabel } from "~/features/orders/order-status.ts";
import { ReorderQuestion } from "~/features/checkout/reorder-question.tsx";
import { isReorderMode, reorderIntoCart } from "~/features/checkout/reorder.server.ts";
import { getDb } from "~/lib/db.server.ts";
import { UNKNOWN_REQUEST } from "~/lib/form-action.server.ts";
import { readForm } from "~/lib/form.server.ts";
import { formatRupiah } from "~/lib/format.ts";
import { pageMeta } from "~/lib/meta.ts";

// "Pesan lagi" is a plain form: the order's lines go into the account's cart (a cart with lines asks first).
export async function loader({ context, url }: Route.LoaderArgs) {
  const user = getOptionalUser(context);
  if (!user) throw redirect(LOGIN);
  const db = await getDb();
  const [result, store] = await Promise.all([
    listCustomerOrders(db, user.id, Number(url.searchParams.get("halaman") ?? 1)),
    getStoreSettings(db),
  ]);
  // Time and status as words from the server: the page loads no time or status code (decision 0042).
  const orders = result.orders.map((order) => ({
    ...order,
    placed: formatSlot(new Date(order.created_at), store.timezone),
    statusText: statusLabel(order.status, order.fulfilment),
  }));
  return data({ ...result, orders }, { headers: { "Cache-Control": "private, no-store" } });
}

const LOGIN = "/masuk?redirectTo=%2Fpesanan-saya";

export async function action({ request, context }: Route.ActionArgs) {
  const user = getOptionalUser(context);
  if (!user) throw redirect(LOGIN);
  const form = await readForm(request);
  const code = form.get("kode");
  if (form.get("intent") !== "pesan-lagi" || typeof code !== "string") {
    return data({ status: "error" as const, message: UNKNOWN_REQUEST }, { status: 400 });
  }
  const mode = form.get("cara");
  const result = await reorderIntoCart(
    await getDb(),
    request,
    user.id,
    code,
    isReorderMode(mode) ? mode : null,
  );
  if (result.ok === "ask") return data({ status: "ask" as const, code, count: result.count });
  if (!result.ok)
    return data({ status: "error" as const, message: result.message }, { status: result.status });
  if (result.gone.length > 0) {
    const message = `${result.gone.join(", ")} sudah tidak ada di menu. Menu lainnya sudah masuk keranjang.`;
    return data({ status: "partial" as const, message });
  }
  throw redirect("/keranjang", 303);
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export default function MyOrders({ loaderData, actionData }: Route.ComponentProps) {
  const { orders, page, pages } = loaderData;
  const navigation = useNavigation();
  const reordering = navigation.state !== "idle" ? navigation.formData?.get("kode") : null;
  return (
    <div className="mx-auto max-w-3xl px-4 pt-8">
      <h1 className="section-title sm:text-4xl">Pesanan saya</h1>
      {actionData?.status === "ask" ? (
        <ReorderQuestion code={actionData.code} count={actionData.count} busy={navigation.state !== "idle"} />
      ) : actionData ? (
        <p
          role={actionData.status === "error" ? "alert" : "status"}
          className="mt-4 rounded-2xl border border-chili-100 bg-chili-50 px-4 py-3 font-semibold text-chili-800"
        >
          {actionData.message}{" "}
          {actionData.status === "partial" ? (
            <Link to="/keranjang" className="underline underline-offset-4">
              Buka keranjang
            </Link>
          ) : null}
        </p>
      ) : null}
      {orders.length === 0 ? (
        <div className="card mt-6 flex flex-col items-center gap-3 p-10 text-center">
          <p className="text-xl font-extrabold">Belum ada pesanan</p>
          <p className="text-stone-600">Pesanan yang kamu buat saat masuk ke akun ini muncul di sini.</p>
          <Link to="/produk" className="btn-primary mt-2">
            Lihat Produk
          </Link>
        </div>
      ) : (
        <ul className="mt-6 space-y-3" aria-label="Daftar pesanan">
          {orders.map((order) => (
            <li key={order.code} className="card p-4" data-testid="my-order" data-code={order.code}>
              <div className="flex flex-wrap items-start justify-between gap-2">
                <div>
                  <h2 className="font-mono text-lg font-extrabold">
                    <Link to={`/pesanan/${order.code}`} className="hover:underline">
                      {order.code}
                    </Link>
                  </h2>
                  <p className="text-sm text-stone-600">{order.placed}</p>
                </div>
                <div className="text-right">
                  <p className="text-sm font-bold" data-testid="my-order-status">
                    {order.statusText}
                  </p>
                  <p className="font-extrabold">{formatRupiah(order.total)}</p>
                </div>
              </div>
              <p className="mt-2 text-sm text-stone-700">
                {order.lines.map((line) => `${line.jumlah}x ${line.nama}`).join(", ")}
              </p>
              <div className="mt-3 flex flex-wrap gap-2">
                <Link to={`/pesanan/${order.code}`} className="btn-secondary min-h-11 py-2">
                  Lihat pesanan<span className="sr-only"> {order.code}</span>
                </Link>
                <Form method="post">
                  <input type="hidden" name="intent" value="pesan-lagi" />
                  <input type="hidden" name="kode" value={order.code} />
                  <button type="submit" className="btn-primary min-h-11 py-2" disabled={Boolean(reordering)}>
                    {reordering === order.code ? "Memasukkan…" : "Pesan lagi"}
                    <span className="sr-only"> {order.code}</span>
                  </button>
                </Form>
              </div>
            </li>
          ))}
        </ul>
      )}
      {pages > 1 ? (
        <nav aria-label="Halaman pesanan" className="mt-6 flex justify-between gap-2">
          {page > 1 ? (
            <Link to={`?halaman=${page - 1}`} className="btn-secondary">
              Sebelumnya
            </Link>
          ) : (
            <span />
          )}
          {page < pages ? (
            <Link to={`?halaman=${page + 1}`} className="btn-secondary">
              Berikutnya
            </Link>
          ) : null}
        </nav>
      ) : null}
    </div>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, {
    title: "Pesanan saya",
    description: "Pesanan yang pernah kamu buat.",
    path: "/pesanan-saya",
    robots: "noindex, nofollow",
  }),
];
