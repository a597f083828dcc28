import { useEffect, useState } from "react";
import { data, Link, useNavigation } from "react-router";
import type { Route } from "./+types/pesanan";
import { AdminPageHeader } from "~/features/admin/admin-shell.tsx";
import { requireAdmin } from "~/features/accounts/permissions.server.ts";
import { storeNow } from "~/lib/clock.server.ts";
import { getDb } from "~/lib/db.server.ts";
import { readForm } from "~/lib/form.server.ts";
import { adminMeta } from "~/lib/meta.ts";
import type { OpsAnswer } from "~/features/admin/form-parts.tsx";
import {
  changeOrderStatus,
  clearUnsent,
  countUnsent,
  listOrders,
  UNSENT_AFTER_MINUTES,
} from "~/features/orders/board.server.ts";
import {
  BoardFilters,
  BoardMessage,
  BusyPanel,
  LiveBar,
  UnsentPanel,
} from "~/features/orders/board/board-panels.tsx";
import { OrderCard } from "~/features/orders/board/order-card.tsx";
import { statusLabel } from "~/features/orders/order-status.ts";
import { clearBusy, setBusy } from "~/features/store/ordering-settings.server.ts";
import { getStoreSettings } from "~/features/store/settings.server.ts";

/**
 * /admin/pesanan: the staff board. The orders still in the kitchen by default, longest waiting
 * first; filters for status, days and code. Updates live (features/orders/admin-live.tsx), and
 * holds the "Toko sibuk" switch and the clearing of orders never sent.
 */
export async function loader({ context, url }: Route.LoaderArgs) {
  requireAdmin(context);
  const db = await getDb();
  const store = await getStoreSettings(db);
  const params = url.searchParams;
  const [result, unsent] = await Promise.all([
    listOrders(
      db,
      {
        status: params.get("status"),
        from: params.get("dari"),
        to: params.get("sampai"),
        q: params.get("kode"),
        sort: params.get("urut"),
        page: Number(params.get("halaman") ?? 1),
      },
      store.timezone,
    ),
    countUnsent(db),
  ]);
  return {
    ...result,
    timezone: store.timezone,
    busy: store.busy,
    busyText: store.busyText,
    unsent,
    unsentAfterMinutes: UNSENT_AFTER_MINUTES,
    now: storeNow(),
  };
}

const answerOf = (intent: string, ok: boolean, message: string, status = 200) =>
  data<OpsAnswer>({ ok, message, fieldErrors: {}, intent, at: Date.now() }, { status });

export async function action({ request, context }: Route.ActionArgs) {
  const admin = requireAdmin(context);
  const form = await readForm(request);
  const db = await getDb();
  const intent = form.get("intent") ?? "status";
  if (intent === "status") {
    const result = await changeOrderStatus(db, admin, {
      code: form.get("code") ?? undefined,
      status: form.get("status") ?? undefined,
      alasan: form.get("alasan") ?? undefined,
    });
    if (!result.ok) return answerOf("status", false, result.message, result.status);
    return answerOf(
      "status",
      true,
      `Pesanan ${result.code} kini ${statusLabel(result.to, result.fulfilment).toLowerCase()}.`,
    );
  }
  if (intent === "bersihkan") {
    const codes = await clearUnsent(db, admin);
    return answerOf(
      "bersihkan",
      true,
      codes.length
        ? `${codes.length} pesanan tidak terkirim dibersihkan.`
        : "Tidak ada pesanan tidak terkirim untuk dibersihkan.",
    );
  }
  if (intent === "sibuk" || intent === "buka") {
    const { timezone } = await getStoreSettings(db);
    const result =
      intent === "sibuk"
        ? await setBusy(db, admin, { menit: form.get("menit") ?? undefined }, timezone)
        : await clearBusy(db, admin);
    return answerOf(intent, result.ok, result.message, result.ok ? 200 : result.status);
  }
  return answerOf("status", false, "Permintaan tidak dikenal.", 400);
}

/**
 * The current time for the waiting times: the store's clock as the server read it (so the page
 * hydrates as it was rendered), then moved on by the browser's, every half minute.
 */
function useNow(serverNow: number) {
  const [tick, setTick] = useState(0);
  useEffect(() => {
    const offset = serverNow - Date.now();
    const timer = setInterval(() => setTick(Date.now() + offset), 30_000);
    return () => clearInterval(timer);
  }, [serverNow]);
  return Math.max(serverNow, tick);
}

export default function AdminOrders({ loaderData, actionData }: Route.ComponentProps) {
  const { orders, total, page, pageSize, filters, timezone, busy, busyText, unsent } = loaderData;
  const navigation = useNavigation();
  const now = useNow(loaderData.now);
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const pageHref = (target: number) => {
    const params = new URLSearchParams();
    if (filters.status !== "aktif") params.set("status", filters.status);
    if (filters.from) params.set("dari", filters.from);
    if (filters.to) params.set("sampai", filters.to);
    if (filters.q) params.set("kode", filters.q);
    params.set("urut", filters.sort);
    if (target > 1) params.set("halaman", String(target));
    return `?${params}`;
  };
  const filtered = filters.status !== "aktif" || filters.from || filters.to || filters.q;

  return (
    <>
      <AdminPageHeader
        title="Pesanan"
        description="Papan dapur: pesanan masuk langsung, tanpa memuat ulang."
      />
      <div className="grid gap-3">
        <LiveBar />
        <BusyPanel busy={busy} busyText={busyText} timezone={timezone} />
        <BoardMessage answer={actionData} />
        <UnsentPanel count={unsent} minutes={loaderData.unsentAfterMinutes} />
        <BoardFilters filters={filters} filtered={Boolean(filtered)} />
      </div>

      <p className="mt-4 text-sm text-stone-600" aria-live="polite" data-testid="order-count">
        {total > 0
          ? `${total} pesanan${filters.status === "aktif" ? " belum selesai" : ""}`
          : filtered
            ? "Tidak ada pesanan yang cocok."
            : "Belum ada pesanan yang menunggu. Pesanan baru muncul di sini begitu pelanggan checkout."}
        {pages > 1 ? `, halaman ${page} dari ${pages}` : ""}
        {navigation.state === "loading" ? " · memuat…" : ""}
      </p>

      <ul className="mt-3 grid gap-3 xl:grid-cols-2">
        {orders.map((order) => (
          <OrderCard key={order.code} order={order} timezone={timezone} now={now} />
        ))}
      </ul>

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
