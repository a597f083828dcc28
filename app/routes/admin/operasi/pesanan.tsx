import { useState } from "react";
import { data, Form, Link, useNavigation, useSubmit } from "react-router";
import type { Route } from "./+types/pesanan";
import { AdminPageHeader } from "~/features/admin/admin-shell.tsx";
import { ConfirmDialog } from "~/components/ui/dialog.tsx";
import { requireAdmin } from "~/features/accounts/permissions.server.ts";
import { getDb } from "~/lib/db.server.ts";
import { formatRupiah } from "~/lib/format.ts";
import { readForm } from "~/lib/form.server.ts";
import { adminMeta } from "~/lib/meta.ts";
import {
  NEXT_STATUSES,
  ORDER_STATUSES,
  STATUS_LABELS,
  type OrderStatus,
} from "~/features/orders/order-status.ts";
import { changeOrderStatus, listOrders } from "~/features/orders/admin.server.ts";
import { spiceLevelLabel } from "~/features/catalog/spice-levels.ts";
import { getStoreSettingsValues } from "~/features/store/settings.server.ts";
import type { OpsAnswer } from "~/features/admin/form-parts.tsx";

/** /admin/pesanan: the order log, newest first; filter by status and day, search by code. */
export async function loader({ context, url }: Route.LoaderArgs) {
  requireAdmin(context);
  const db = await getDb();
  const { timezone } = await getStoreSettingsValues(db);
  const params = url.searchParams;
  const result = await listOrders(
    db,
    {
      status: params.get("status"),
      from: params.get("dari"),
      to: params.get("sampai"),
      q: params.get("kode"),
      page: Number(params.get("halaman") ?? 1),
    },
    timezone,
  );
  return { ...result, timezone };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = requireAdmin(context);
  const form = await readForm(request);
  const result = await changeOrderStatus(await getDb(), admin, {
    code: form.get("code") ?? undefined,
    status: form.get("status") ?? undefined,
  });
  const at = Date.now();
  if (!result.ok) {
    return data<OpsAnswer>(
      { ok: false, message: result.message, fieldErrors: {}, intent: "status", at },
      { status: result.status },
    );
  }
  const message = `Pesanan ${result.code} kini ${STATUS_LABELS[result.to].toLowerCase()}.`;
  return data<OpsAnswer>({ ok: true, message, fieldErrors: {}, intent: "status", at });
}

const STATUS_STYLES: Record<OrderStatus, string> = {
  baru: "bg-sky-100 text-sky-900",
  diproses: "bg-amber-100 text-amber-900",
  selesai: "bg-green-100 text-green-900",
  batal: "bg-stone-200 text-stone-700",
};

const ACTION_LABELS: Record<OrderStatus, string> = {
  baru: "Baru",
  diproses: "Proses",
  selesai: "Selesai",
  batal: "Batalkan",
};

function formatTime(date: Date | string, timezone: string) {
  return new Intl.DateTimeFormat("id-ID", {
    timeZone: timezone,
    day: "numeric",
    month: "short",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
  }).format(new Date(date));
}

export default function AdminOrders({ loaderData, actionData }: Route.ComponentProps) {
  const { orders, total, page, pageSize, filters, timezone } = loaderData;
  const navigation = useNavigation();
  const submit = useSubmit();
  // The order whose "Batalkan" waits for a yes: cancelling is final.
  const [cancelling, setCancelling] = useState<string | null>(null);
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const pageHref = (target: number) => {
    const params = new URLSearchParams();
    if (filters.status) params.set("status", filters.status);
    if (filters.from) params.set("dari", filters.from);
    if (filters.to) params.set("sampai", filters.to);
    if (filters.q) params.set("kode", filters.q);
    if (target > 1) params.set("halaman", String(target));
    const search = params.toString();
    return search ? `?${search}` : ".";
  };

  return (
    <>
      <AdminPageHeader
        title="Pesanan"
        description="Pesanan yang tercatat saat pelanggan checkout, terbaru di atas."
      />
      <Form
        method="get"
        className="card grid gap-3 p-4 sm:grid-cols-2 lg:grid-cols-5 lg:items-end"
        role="search"
      >
        <div>
          <label htmlFor="f-kode" className="field-label">
            Kode pesanan
          </label>
          <input
            id="f-kode"
            name="kode"
            defaultValue={filters.q}
            placeholder="NY-7K3Q"
            maxLength={20}
            className="field-input py-2"
          />
        </div>
        <div>
          <label htmlFor="f-status" className="field-label">
            Status
          </label>
          <select id="f-status" name="status" defaultValue={filters.status} className="field-input py-2">
            <option value="">Semua status</option>
            {ORDER_STATUSES.map((status) => (
              <option key={status} value={status}>
                {STATUS_LABELS[status]}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="f-dari" className="field-label">
            Dari tanggal
          </label>
          <input
            id="f-dari"
            name="dari"
            type="date"
            defaultValue={filters.from}
            className="field-input py-2"
          />
        </div>
        <div>
          <label htmlFor="f-sampai" className="field-label">
            Sampai tanggal
          </label>
          <input
            id="f-sampai"
            name="sampai"
            type="date"
            defaultValue={filters.to}
            className="field-input py-2"
          />
        </div>
        <div className="flex gap-2">
          <button type="submit" className="btn-primary">
            Cari
          </button>
          <Link to="." className="btn-secondary">
            Reset
          </Link>
        </div>
      </Form>

      {actionData ? (
        <p
          role={actionData.ok ? "status" : "alert"}
          className={`mt-4 rounded-xl px-4 py-2 text-sm font-semibold ${
            actionData.ok ? "bg-green-50 text-green-800" : "bg-chili-50 text-chili-700"
          }`}
        >
          {actionData.message}
        </p>
      ) : null}

      <p className="mt-4 text-sm text-stone-600" aria-live="polite">
        {total > 0
          ? `${total} pesanan`
          : filters.status || filters.from || filters.to || filters.q
            ? "Tidak ada pesanan yang cocok."
            : "Belum ada pesanan. Pesanan muncul di sini begitu pelanggan checkout."}
        {pages > 1 ? `, halaman ${page} dari ${pages}` : ""}
      </p>

      <ul className="mt-3 space-y-3">
        {orders.map((order) => (
          <li key={order.id} className="card p-4" data-testid="admin-order" data-code={order.code}>
            <div className="flex flex-wrap items-start justify-between gap-2">
              <div>
                <h2 className="text-lg font-extrabold tracking-wide">{order.code}</h2>
                <p className="text-sm text-stone-600">
                  {formatTime(order.created_at, timezone)}
                  {order.customer_name ? ` · ${order.customer_name}` : " · Tamu"}
                  {order.outside_hours ? " · masuk saat tutup" : ""}
                </p>
                {order.replaced_by ? (
                  <p className="mt-1 text-sm font-semibold text-stone-700" data-testid="order-replaced-by">
                    Dibatalkan otomatis: pelanggan mengubah pesanan, diganti {order.replaced_by}
                  </p>
                ) : null}
              </div>
              <div className="text-right">
                <span
                  className={`inline-block rounded-full px-3 py-1 text-xs font-bold ${STATUS_STYLES[order.status]}`}
                  data-testid="order-status"
                >
                  {STATUS_LABELS[order.status]}
                </span>
                <p className="mt-1 font-extrabold">{formatRupiah(order.total)}</p>
              </div>
            </div>
            <ul className="mt-3 space-y-1 border-t border-stone-100 pt-3 text-sm">
              {order.items.map((line, index) => (
                <li key={index}>
                  <span className="font-semibold">
                    {line.jumlah}x {line.nama}
                  </span>
                  {line.level !== null ? ` · ${spiceLevelLabel(line.level)}` : ""} —{" "}
                  {formatRupiah(line.subtotal)}
                  {line.catatan ? (
                    <span className="block pl-4 text-stone-600">Catatan: {line.catatan}</span>
                  ) : null}
                </li>
              ))}
            </ul>
            {NEXT_STATUSES[order.status].length > 0 ? (
              <Form
                method="post"
                className="mt-3 flex flex-wrap gap-2"
                onSubmit={(event) => {
                  // Without JavaScript the button submits at once; with it, a question first.
                  const submitter = (event.nativeEvent as SubmitEvent).submitter;
                  if (submitter instanceof HTMLButtonElement && submitter.value === "batal") {
                    event.preventDefault();
                    setCancelling(order.code);
                  }
                }}
              >
                <input type="hidden" name="code" value={order.code} />
                {NEXT_STATUSES[order.status].map((status) => (
                  <button
                    key={status}
                    type="submit"
                    name="status"
                    value={status}
                    disabled={navigation.state === "submitting"}
                    className={
                      status === "batal"
                        ? "inline-flex min-h-10 items-center rounded-full px-3 text-sm font-bold text-chili-700 hover:bg-chili-50"
                        : "btn-secondary min-h-10 px-3 py-1 text-sm"
                    }
                  >
                    {ACTION_LABELS[status]}
                    <span className="sr-only"> pesanan {order.code}</span>
                  </button>
                ))}
              </Form>
            ) : null}
          </li>
        ))}
      </ul>

      <ConfirmDialog
        open={cancelling !== null}
        title="Batalkan pesanan ini?"
        message={
          <>
            <span className="block font-semibold tracking-wide text-charcoal">{cancelling}</span>
            Pesanan yang dibatalkan tidak bisa diproses lagi.
          </>
        }
        confirmLabel="Ya, Batalkan"
        cancelLabel="Tidak"
        onCancel={() => setCancelling(null)}
        onConfirm={() => {
          if (!cancelling) return;
          void submit({ code: cancelling, status: "batal" }, { method: "post" });
          setCancelling(null);
        }}
      />

      {pages > 1 ? (
        <nav aria-label="Halaman pesanan" className="mt-6 flex items-center justify-between gap-2">
          {page > 1 ? (
            <Link to={pageHref(page - 1)} className="btn-secondary">
              Sebelumnya
            </Link>
          ) : (
            <span />
          )}
          {page < pages ? (
            <Link to={pageHref(page + 1)} className="btn-secondary">
              Berikutnya
            </Link>
          ) : null}
        </nav>
      ) : null}
    </>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "Pesanan");
