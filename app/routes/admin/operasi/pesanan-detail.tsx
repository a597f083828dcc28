import { data, isRouteErrorResponse, Link } from "react-router";
import { readCheckoutContext } from "~/features/checkout/checkout-context.server.ts";
import { loadEditForm } from "~/features/kitchen/counter/order-edit-data.server.ts";
import { OrderEditForm, type EditAnswer } from "~/features/kitchen/counter/order-edit-form.tsx";
import { editOrder } from "~/features/kitchen/counter/order-edit.server.ts";
import { answerOutcome, UNKNOWN_REQUEST } from "~/lib/form-action.server.ts";
import type { FormAnswer } from "~/lib/form-answer.ts";
import { readForm } from "~/lib/form.server.ts";
import type { Route } from "./+types/pesanan-detail";
import { AdminPageHeader } from "~/features/admin/admin-shell.tsx";
import { WRITE } from "~/features/accounts/access.ts";
import { requireAccess } from "~/features/accounts/permissions.server.ts";
import { needsPin, PIN_FIELD } from "~/features/accounts/pin-rules.ts";
import { approveRiskyTap } from "~/features/accounts/pin.server.ts";
import { loadAdminOrder } from "~/features/order-pages/admin/order-admin-data.server.ts";
import { OrderAdminPage } from "~/features/order-pages/admin/order-admin-page.tsx";
import { unpaidInputProblem, writePaidForm } from "~/features/payments/mark-paid.server.ts";
import { PAID_INTENTS } from "~/features/payments/order-payment.ts";
import { PrintingProvider } from "~/features/kitchen/printing/use-print.tsx";
import { getStoreSettings } from "~/features/store/settings.server.ts";
import { getDb } from "~/lib/db.server.ts";
import { adminMeta } from "~/lib/meta.ts";
import { isTestMode } from "~/lib/test-mode.server.ts";
import { useKeptAnswer } from "~/lib/use-kept-answer.ts";

// /admin/pesanan/<code>: one order for the staff, updated by the admin pages' live stream.
export async function loader({ context, params }: Route.LoaderArgs) {
  const user = requireAccess(context, "/admin/pesanan/:kode");
  const db = await getDb();
  const { timezone } = await getStoreSettings(db);
  const found = await loadAdminOrder(db, params.kode, timezone);
  if (!found) throw data("Pesanan tidak ditemukan.", { status: 404 });
  const edit = await loadEditForm(db, params.kode, await readCheckoutContext(db));
  return { ...found, edit, timezone, testPrinter: isTestMode(), pin: needsPin(user) };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const admin = requireAccess(context, "/admin/pesanan/:kode", WRITE);
  const form = await readForm(request);
  const db = await getDb();
  const intent = form.get("intent") ?? "ubah";
  if (intent !== "ubah" && intent !== PAID_INTENTS.paid && intent !== PAID_INTENTS.unpaid) {
    return data<EditAnswer>({ status: "error", message: UNKNOWN_REQUEST }, { status: 400 });
  }
  const problem = intent === PAID_INTENTS.unpaid ? unpaidInputProblem(form.get("alasan")) : null;
  if (problem) return answerOutcome(form, problem, { intent: String(intent) });
  // Undoing Lunas always, an edit when a PIN was typed (editOrder asks for one if the total drops): 0059.
  const risky = intent === PAID_INTENTS.unpaid || (intent === "ubah" && Boolean(form.get(PIN_FIELD)));
  const approved = risky
    ? await approveRiskyTap(db, admin, form, (await getStoreSettings(db)).timezone)
    : { ok: true as const, actor: admin };
  if (!approved.ok) {
    if (intent !== "ubah") return answerOutcome(form, approved, { intent: String(intent) });
    return data<EditAnswer>({ status: "error", message: approved.message }, { status: approved.status });
  }
  const paid = writePaidForm(db, approved.actor, intent, params.kode, form);
  if (paid) return answerOutcome(form, await paid, { intent: String(intent) });
  const result = await editOrder(db, approved.actor, params.kode, form, await readCheckoutContext(db), {
    pinNeeded: needsPin(admin),
  });
  return result.ok
    ? data<EditAnswer>({ status: "success", message: result.message })
    : data<EditAnswer>(
        { status: "error", message: result.message, total: result.total },
        { status: result.status },
      );
}

/** The payment forms' answers carry their intent (answerOutcome); the edit's do not. */
const isEditAnswer = (answer: FormAnswer | EditAnswer | undefined): answer is EditAnswer =>
  answer !== undefined && !("intent" in answer);

export default function AdminOrder({ loaderData, actionData: answer }: Route.ComponentProps) {
  const actionData = useKeptAnswer(answer);
  const { order, prints, payment, edit, timezone, testPrinter, pin } = loaderData;
  const edited = isEditAnswer(actionData);
  return (
    <PrintingProvider testPrinter={testPrinter}>
      <Link to="/admin/pesanan" className="text-sm font-semibold text-chili-700 underline">
        Kembali ke papan pesanan
      </Link>
      <AdminPageHeader title={`Pesanan ${order.code}`} description={`Dipesan ${order.orderedAt}`} />
      <OrderAdminPage
        order={order}
        prints={prints}
        payment={payment}
        timezone={timezone}
        paidAnswer={edited ? undefined : actionData}
        pin={pin}
      />
      {edit ? <OrderEditForm edit={edit} answer={edited ? actionData : undefined} pin={pin} /> : null}
    </PrintingProvider>
  );
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  adminMeta(matches, loaderData ? `Pesanan ${loaderData.order.code}` : "Pesanan tidak ditemukan");

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (!isRouteErrorResponse(error) || error.status !== 404) throw error;
  return (
    <div
      className="mx-auto flex max-w-xl flex-col items-center py-16 text-center"
      data-testid="order-not-found"
    >
      <p className="text-7xl font-extrabold text-chili-600">404</p>
      <h1 className="mt-4 text-2xl font-extrabold">Pesanan tidak ditemukan</h1>
      <p className="mt-2 text-stone-600">Periksa kodenya, atau cari pesanan di papan pesanan.</p>
      <Link to="/admin/pesanan" className="btn-primary mt-6">
        Kembali ke papan pesanan
      </Link>
    </div>
  );
}
