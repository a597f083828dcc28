import { data } from "react-router";
import type { Route } from "./+types/pesanan-kasir";
import { AdminPageHeader } from "~/features/admin/admin-shell.tsx";
import { WRITE } from "~/features/accounts/access.ts";
import { requireAccess } from "~/features/accounts/permissions.server.ts";
import { readCheckoutContext } from "~/features/checkout/checkout-context.server.ts";
import { DETAIL_FIELDS } from "~/features/checkout/checkout-details.ts";
import { recordHandOrder } from "~/features/kitchen/counter/hand-order.server.ts";
import { HandOrderPage, type HandOrderAnswer } from "~/features/kitchen/counter/hand-order-page.tsx";
import { LINE_FIELDS } from "~/features/kitchen/counter/order-lines-form.ts";
import { getOrigin } from "~/features/store/settings.server.ts";
import { getDb } from "~/lib/db.server.ts";
import { readForm } from "~/lib/form.server.ts";
import { adminMeta } from "~/lib/meta.ts";
import { useKeptAnswer } from "~/lib/use-kept-answer.ts";

export async function loader({ context }: Route.LoaderArgs) {
  requireAccess(context, "/admin/pesanan/kasir");
  const checkout = await readCheckoutContext(await getDb());
  return {
    menu: checkout.pricing.catalog.map(({ id, nama, harga, tersedia }) => ({ id, nama, harga, tersedia })),
    slots: checkout.slots.map(({ value, label }) => ({ value, label })),
    methods: checkout.payment.methods,
  };
}

/** The rows and details as typed, to ask again in a page without JavaScript. */
function typed(form: FormData) {
  const text = (value: FormDataEntryValue | null | undefined) =>
    typeof value === "string" ? value.slice(0, 300) : "";
  const amounts = form.getAll(LINE_FIELDS.jumlah);
  const notes = form.getAll(LINE_FIELDS.catatan);
  return {
    values: Object.fromEntries(DETAIL_FIELDS.map((name) => [name, text(form.get(name))])),
    rows: form
      .getAll(LINE_FIELDS.menu)
      .slice(0, 50)
      .flatMap((menu, index) =>
        text(menu)
          ? [{ menu: text(menu), jumlah: Number(text(amounts[index])) || 0, catatan: text(notes[index]) }]
          : [],
      ),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = requireAccess(context, "/admin/pesanan/kasir", WRITE);
  const form = await readForm(request);
  const db = await getDb();
  const result = await recordHandOrder(db, admin, form, await readCheckoutContext(db), getOrigin(request));
  if (!result.ok)
    return data<HandOrderAnswer>(
      { status: "error", message: result.message, fieldErrors: result.fieldErrors, ...typed(form) },
      { status: result.status },
    );
  return data<HandOrderAnswer>({
    status: "success",
    code: result.code,
    message: result.message,
    whatsappUrl: result.whatsappUrl,
  });
}

export default function HandOrder({ loaderData, actionData: answer }: Route.ComponentProps) {
  const actionData = useKeptAnswer(answer);
  return (
    <>
      <AdminPageHeader
        title="Pesanan kasir"
        description="Catat pesanan lewat telepon atau di kasir. Harga dan promo dihitung sama seperti checkout online."
      />
      <HandOrderPage
        menu={loaderData.menu}
        slots={loaderData.slots}
        methods={loaderData.methods}
        answer={actionData}
      />
    </>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "Pesanan kasir");
