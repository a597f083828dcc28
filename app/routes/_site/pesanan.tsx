import { createContext, Link, redirect } from "react-router";
import type { Route } from "./+types/pesanan";
import { checkoutAction } from "~/features/orders/checkout.server.ts";
import { OrderRecorded } from "~/features/orders/order-recorded.tsx";
import { actionHeaders } from "~/lib/action-headers.ts";
import { pageMeta } from "~/lib/meta.ts";

/**
 * /pesanan: the cart's checkout (features/orders/checkout.server.ts). The cart page's JavaScript
 * posts here with a fetcher and shows the answer in place; without JavaScript the form's POST
 * lands on this page: the order's code, the message as WhatsApp will receive it, the
 * "Buka WhatsApp" link, and "sudah terkirim" as a form. A GET has nothing to show: the cart.
 */
/** Set by the action, for the loader that runs after it in the same request. */
const checkedOut = createContext(false);

export function loader({ context }: Route.LoaderArgs) {
  // After the checkout's POST the page shows its answer; asked for by itself it is the cart.
  if (!context.get(checkedOut)) throw redirect("/keranjang");
  return null;
}

export async function action(args: Route.ActionArgs) {
  args.context.set(checkedOut, true);
  return checkoutAction(args);
}

// A 429 tells when to try again (Retry-After); the answer is never kept by a cache.
export const headers = actionHeaders;

export default function Pesanan({ actionData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-3xl px-4 pt-8">
      <h1 className="section-title sm:text-4xl">Pesanan</h1>
      <div className="card mt-6 p-6">
        {actionData?.status === "success" ? (
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
  }),
  { name: "robots", content: "noindex" },
];
