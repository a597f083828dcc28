import { createContext, Link, redirect } from "react-router";
import type { Route } from "./+types/pesanan";
import { FINGERPRINT_FIELD } from "~/features/cart/cart-form.ts";
import { WhatsAppIcon } from "~/ui/icons.tsx";
import { CheckoutDetailsFields } from "~/features/checkout/checkout-details-fields.tsx";
import { checkoutAction } from "~/features/checkout/checkout.server.ts";
import { OrderRecorded } from "~/features/checkout/order-recorded.tsx";
import { TOTAL_FIELD } from "~/features/pricing/seen-total.ts";
import type { Slot } from "~/features/store/order-slots.ts";
import type { PaymentMethod } from "~/features/payments/payment-labels.ts";
import { actionHeaders } from "~/lib/action-headers.ts";
import { firstMessages, sentBack } from "~/lib/form-answer.ts";
import { pageMeta } from "~/lib/meta.ts";

// /pesanan: the cart's checkout. The cart page's fetcher shows its answer in place; without JavaScript the
// POST lands here (the code, the message, the links, "sudah terkirim"). A GET shows the cart.
/** Set by the action for the loader that runs after it in the same request: the slots it offered. */
const checkedOut = createContext<{ slots: Slot[]; payment?: { methods: PaymentMethod[] } } | null>(null);

export async function loader({ context }: Route.LoaderArgs) {
  const checkout = context.get(checkedOut);
  if (!checkout) throw redirect("/keranjang");
  return {
    slots: checkout.slots.map(({ value, label }) => ({ value, label })),
    methods: checkout.payment?.methods ?? [],
  };
}

export async function action(args: Route.ActionArgs) {
  args.context.set(checkedOut, { slots: [] });
  return checkoutAction(args, (checkout) => args.context.set(checkedOut, checkout));
}

export const headers = actionHeaders;

export default function Pesanan({ actionData, loaderData }: Route.ComponentProps) {
  // Refused details: asked again with what was typed and the cart as it now is.
  const asked = actionData?.status === "error" && actionData.result ? sentBack(actionData.result) : null;
  return (
    <div className="mx-auto max-w-3xl px-4 pt-8">
      <h1 className="section-title sm:text-4xl">Pesanan</h1>
      <div className="card mt-6 p-6">
        {/* A "sudah terkirim" answer goes to a fetcher; without JavaScript it redirects. */}
        {actionData?.status === "success" && "orderUrl" in actionData ? (
          <OrderRecorded
            order={actionData}
            opened={null}
            sentQuestion={
              <>
                <form method="post" action="/pesanan">
                  <input type="hidden" name="intent" value="terkirim" />
                  <button type="submit" className="btn-primary">
                    Ya, sudah terkirim
                  </button>
                </form>
                <Link to="/keranjang" className="btn-secondary">
                  Belum, ubah pesanan
                </Link>
              </>
            }
          />
        ) : actionData?.status === "error" && asked?.[FINGERPRINT_FIELD] ? (
          <form method="post" action="/pesanan" noValidate>
            <p role="alert" className="mb-4 font-semibold text-chili-800">
              {actionData.message}
            </p>
            <input type="hidden" name={FINGERPRINT_FIELD} value={asked[FINGERPRINT_FIELD]} />
            {asked[TOTAL_FIELD] === undefined ? null : (
              <input type="hidden" name={TOTAL_FIELD} value={asked[TOTAL_FIELD]} />
            )}
            <CheckoutDetailsFields
              initial={asked}
              slots={loaderData?.slots ?? []}
              methods={loaderData?.methods ?? []}
              errors={firstMessages(actionData.result)}
            />
            <button type="submit" className="btn-whatsapp mt-6 w-full text-lg">
              <WhatsAppIcon className="size-6" />
              Pesan via WhatsApp
            </button>
            <Link to="/keranjang" className="btn-secondary mt-3 w-full">
              Kembali ke keranjang
            </Link>
          </form>
        ) : (
          <>
            <p role="alert" className="font-semibold text-chili-800">
              {actionData?.status === "error" ? actionData.message : "Pesanan belum dikirim."}
            </p>
            <Link to="/keranjang" className="btn-primary mt-4">
              Kembali ke keranjang
            </Link>
          </>
        )}
      </div>
    </div>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, {
    title: "Pesanan",
    description: "Pesananmu tercatat. Kirim lewat WhatsApp.",
    path: "/pesanan",
    robots: "noindex",
  }),
];
