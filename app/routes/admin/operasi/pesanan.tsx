import { useEffect, useState } from "react";
import { useNavigation } from "react-router";
import type { Route } from "./+types/pesanan";
import { AdminPageHeader } from "~/features/admin/admin-shell.tsx";
import { mayUse, seesPrices, type IntentOf } from "~/features/accounts/access.ts";
import { requireAccess } from "~/features/accounts/permissions.server.ts";
import { needsPin } from "~/features/accounts/pin-rules.ts";
import { approveRiskyTap } from "~/features/accounts/pin.server.ts";
import { TICKET_KINDS } from "~/features/kitchen/printing/print-api.ts";
import { storeDate, storeNow } from "~/lib/clock.server.ts";
import { getDb } from "~/lib/db.server.ts";
import type { Actor } from "~/features/audit/audit-log.server.ts";
import { answerOutcome, refuseForm, UNKNOWN_REQUEST, type Outcome } from "~/lib/form-action.server.ts";
import { readForm } from "~/lib/form.server.ts";
import { adminMeta } from "~/lib/meta.ts";
import { Pager } from "~/ui/admin-table.tsx";
import {
  changeOrderStatus,
  clearUnsent,
  countUnsent,
  statusInputProblem,
  forKitchen,
  listOrders,
  UNSENT_AFTER_MINUTES,
} from "~/features/kitchen/board/board.server.ts";
import {
  BoardFilters,
  BoardMessage,
  BusyPanel,
  LiveBar,
  UnsentPanel,
} from "~/features/kitchen/board/board-panels.tsx";
import { OrderCard } from "~/features/kitchen/board/order-card.tsx";
import { PortionsPanel } from "~/features/kitchen/board/portions-panel.tsx";
import { setTodaysPortion, todaysPortions } from "~/features/catalog/portions.server.ts";
import { HandOrderLink } from "~/features/kitchen/counter/hand-order-link.tsx";
import { PAID_INTENTS } from "~/features/payments/order-payment.ts";
import { unpaidInputProblem, writePaidForm } from "~/features/payments/mark-paid.server.ts";
import { PrinterPanel } from "~/features/kitchen/printing/printer-panel.tsx";
import { printStates } from "~/features/kitchen/printing/prints.server.ts";
import { PrintingProvider } from "~/features/kitchen/printing/use-print.tsx";
import { useWakeLock } from "~/features/kitchen/board/wake-lock.ts";
import { statusLabel } from "~/features/orders/order-status.ts";
import { clearBusy, setBusy } from "~/features/store/ordering-settings.server.ts";
import { getStoreSettings } from "~/features/store/settings.server.ts";
import { isTestMode } from "~/lib/test-mode.server.ts";
import { useKeptAnswer } from "~/lib/use-kept-answer.ts";

// /admin/pesanan, the staff board: the orders still in the kitchen by default, longest waiting first.
export async function loader({ context, url }: Route.LoaderArgs) {
  const user = requireAccess(context, "/admin/pesanan");
  const { role } = user;
  const may = (intent: IntentOf<"/admin/pesanan">) => mayUse(role, "/admin/pesanan", intent);
  const can = {
    cancel: may("batal"),
    paid: may("lunas"),
    clear: may("bersihkan"),
    busy: may("sibuk"),
    portions: may("porsi"),
    counter: mayUse(role, "/admin/pesanan/kasir"),
    detail: mayUse(role, "/admin/pesanan/:kode"),
    tickets: TICKET_KINDS.filter((kind) => mayUse(role, "/admin/pesanan/cetak", kind)),
    pin: needsPin(user),
  };
  const db = await getDb();
  const store = await getStoreSettings(db);
  const params = url.searchParams;
  const [listed, unsent, portions] = await Promise.all([
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
    can.portions ? todaysPortions(db, store, storeDate()) : [],
  ]);
  // The kitchen's board is sent without prices, totals, phone numbers or payments (access.ts seesPrices).
  const result = seesPrices(role) ? listed : forKitchen(listed);
  return {
    can,
    ...result,
    prints: await printStates(db, result.orders, store.timezone),
    testPrinter: isTestMode(),
    timezone: store.timezone,
    busy: store.busy,
    busyText: store.busyText,
    unsent,
    portions,
    unsentAfterMinutes: UNSENT_AFTER_MINUTES,
    now: storeNow(),
  };
}

async function write(form: FormData, intent: string, admin: Actor): Promise<Outcome> {
  const db = await getDb();
  if (intent === "status") {
    const result = await changeOrderStatus(db, admin, {
      code: form.get("code") ?? undefined,
      status: form.get("status") ?? undefined,
      alasan: form.get("alasan") ?? undefined,
    });
    if (!result.ok) return result;
    const now = statusLabel(result.to, result.fulfilment).toLowerCase();
    return { ok: true, message: `Pesanan ${result.code} kini ${now}.` };
  }
  const paid = writePaidForm(db, admin, intent, form.get("code"), form);
  if (paid) return paid;
  if (intent === "bersihkan") {
    const codes = await clearUnsent(db, admin);
    const message = codes.length
      ? `${codes.length} pesanan tidak terkirim dibersihkan.`
      : "Tidak ada pesanan tidak terkirim untuk dibersihkan.";
    return { ok: true, message };
  }
  const store = await getStoreSettings(db);
  if (intent === "porsi") {
    const input = { id: form.get("id"), sisa: form.get("sisa") };
    const result = await setTodaysPortion(db, admin, input, store, storeDate());
    return result.ok ? { ok: true, message: "Sisa porsi hari ini disimpan." } : result;
  }
  const { timezone } = store;
  return intent === "sibuk"
    ? setBusy(db, admin, { menit: form.get("menit") ?? undefined }, timezone)
    : clearBusy(db, admin);
}

const INTENTS = ["status", "bersihkan", "sibuk", "buka", "porsi", ...Object.values(PAID_INTENTS)];

/** A cancel is a status too, and the matrix's own intent (access.ts). */
const accessIntent = (intent: string, form: FormData) =>
  intent === "status" && form.get("status") === "batal" ? "batal" : intent;

export async function action({ request, context }: Route.ActionArgs) {
  requireAccess(context, "/admin/pesanan");
  const form = await readForm(request);
  const intent = form.get("intent") ?? "status";
  if (typeof intent !== "string" || !INTENTS.includes(intent)) {
    return refuseForm(form, "status", UNKNOWN_REQUEST);
  }
  const access = accessIntent(intent, form);
  const staff = requireAccess(context, "/admin/pesanan", access);
  if (access !== "batal" && intent !== PAID_INTENTS.unpaid) {
    return answerOutcome(form, await write(form, intent, staff), { intent });
  }
  // A cancel and undoing Lunas are risky taps (0059): a kasir or a device types a manager's PIN.
  const problem =
    access === "batal"
      ? statusInputProblem({
          code: form.get("code") ?? undefined,
          status: "batal",
          alasan: form.get("alasan") ?? undefined,
        })
      : unpaidInputProblem(form.get("alasan"));
  if (problem) return answerOutcome(form, problem, { intent });
  const db = await getDb();
  const { timezone } = await getStoreSettings(db);
  const approved = await approveRiskyTap(db, staff, form, timezone);
  if (!approved.ok) return answerOutcome(form, approved, { intent });
  return answerOutcome(form, await write(form, intent, approved.actor), { intent });
}

// The store's clock as the server read it (so the page hydrates as rendered), then the browser's.
function useNow(serverNow: number) {
  const [tick, setTick] = useState(0);
  useEffect(() => {
    const offset = serverNow - Date.now();
    const timer = setInterval(() => setTick(Date.now() + offset), 30_000);
    return () => clearInterval(timer);
  }, [serverNow]);
  return Math.max(serverNow, tick);
}

export default function AdminOrders({ loaderData, actionData: answer }: Route.ComponentProps) {
  const actionData = useKeptAnswer(answer);
  const { orders, total, page, pageSize, filters, timezone, busy, busyText, unsent, can } = loaderData;
  const navigation = useNavigation();
  const now = useNow(loaderData.now);
  useWakeLock();
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
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
    <PrintingProvider testPrinter={loaderData.testPrinter}>
      <AdminPageHeader title="Pesanan" description="Papan dapur: setiap pesanan yang masuk dan statusnya." />
      {can.counter ? <HandOrderLink /> : null}
      <div className="grid gap-3">
        <LiveBar />
        {can.busy ? <BusyPanel busy={busy} busyText={busyText} timezone={timezone} /> : null}
        <PrinterPanel />
        <BoardMessage answer={actionData} />
        {can.clear ? <UnsentPanel count={unsent} minutes={loaderData.unsentAfterMinutes} /> : null}
        <PortionsPanel portions={loaderData.portions} />
        <BoardFilters filters={filters} filtered={Boolean(filtered)} />
      </div>

      <p className="mt-4 text-sm text-stone-600" aria-live="polite" data-testid="order-count">
        {total > 0
          ? `${total} pesanan${filters.status === "aktif" ? " belum selesai" : ""}`
          : filtered
            ? "Tidak ada pesanan yang cocok."
            : "Belum ada pesanan yang menunggu. Pesanan baru muncul di sini begitu pelanggan checkout."}
        {pageCount > 1 ? `, halaman ${page} dari ${pageCount}` : ""}
        {navigation.state === "loading" ? " · memuat…" : ""}
      </p>

      <ul className="mt-3 grid gap-3 xl:grid-cols-2">
        {orders.map((order) => (
          <OrderCard
            key={order.code}
            order={order}
            timezone={timezone}
            now={now}
            prints={loaderData.prints[order.code] ?? {}}
            can={can}
          />
        ))}
      </ul>

      <Pager label="Halaman pesanan" page={page} pageCount={pageCount} href={pageHref} />
    </PrintingProvider>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "Pesanan");
