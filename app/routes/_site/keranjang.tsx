import { lazy, Suspense, useCallback, useEffect, useRef, useState, type ComponentProps } from "react";
import { Link, useFetcher, useFetchers, useRevalidator } from "react-router";
import type { Route } from "./+types/keranjang";
import { CartIcon, WhatsAppIcon } from "~/ui/icons.tsx";
import { getOptionalUser } from "~/features/accounts/auth.server.ts";
import { cartAction } from "~/features/cart/cart-actions.server.ts";
import { onCartChangedElsewhere, updateCartCount, type CartDone } from "~/features/cart/cart-count.ts";
import { FINGERPRINT_FIELD, LINE_FETCHER_PREFIX, SAVE_INTENT } from "~/features/cart/cart-form.ts";
import { EMPTY_CART, readCartView } from "~/features/cart/cart.server.ts";
import { restoreNoteDrafts } from "~/features/cart/note-drafts.ts";
import { mayHaveCart, readCartOwner } from "~/features/cart/cart-owner.server.ts";
import { useCheckout } from "~/features/checkout/checkout-panel.tsx";
import { useDetailsCheck } from "~/features/checkout/checkout-details-check.ts";
import type * as detailsFields from "~/features/checkout/checkout-details-fields.tsx";
import { pagePricing, readCheckoutContext } from "~/features/checkout/checkout-context.server.ts";
import { checkoutForm, NO_CHECKOUT_FORM } from "~/features/checkout/checkout-form.server.ts";
import { isOrderCode } from "~/features/orders/order-code.ts";
import { readPendingOrder } from "~/features/checkout/pending-order.server.ts";
import type { Pricing } from "~/features/pricing/pricing.ts";
import { StoreHoursNotice } from "~/features/store/store-hours-notice.tsx";
import { actionHeaders } from "~/lib/action-headers.ts";
import { getDb } from "~/lib/db.server.ts";
import { FETCH_MODE, type FormAnswer } from "~/lib/form-answer.ts";
import { readForm } from "~/lib/form.server.ts";
import { firstUseComponent, lazyComponent, startUse } from "~/lib/lazy-component.ts";
import { pageMeta } from "~/lib/meta.ts";
import { useRootData } from "~/root.tsx";

// The lines' code comes at the first tap, key or focus, within the storefront's budget (0042); until then
// each line's button posts the page's form with its own change (0018).
const CartLines = firstUseComponent(() => import("~/features/cart/cart-lines.tsx"));
const CartPricingSummary = firstUseComponent(() => import("~/features/pricing/pricing-summary.tsx"));

// Fetched as the page hydrates: a first tap on "Pesan via WhatsApp" is checked by their code (0022).
const CheckoutDetailsFields = lazyComponent<ComponentProps<typeof detailsFields.CheckoutDetailsFields>>(() =>
  import("~/features/checkout/checkout-details-fields.tsx").then((module) => ({
    default: module.CheckoutDetailsFields,
  })),
);

const Notices = lazyComponent(() => import("~/features/cart/cart-notices.tsx"));

const OrderSent = lazyComponent<{ code: string }>(() =>
  import("~/features/checkout/order-recorded.tsx").then((module) => ({ default: module.OrderSent })),
);

const OrderRecorded = lazy(() =>
  import("~/features/checkout/order-recorded.tsx").then((module) => ({ default: module.OrderRecorded })),
);

const NO_PRICING: Pricing = { subtotal: 0, discounts: [], discount: 0, total: 0, hints: [] };

export async function loader({ request, context, url }: Route.LoaderArgs) {
  const user = getOptionalUser(context);
  const owner = readCartOwner(request, user);
  let cart = EMPTY_CART;
  let details = NO_CHECKOUT_FORM;
  let pricing = NO_PRICING;
  if (mayHaveCart(owner)) {
    const db = await getDb();
    // Read once, as the checkout reads it: the store, its clock and slots, the menu and promos.
    const checkout = await readCheckoutContext(db);
    cart = await readCartView(db, owner, { catalog: checkout.pricing.catalog });
    if (cart.lines.length > 0) {
      details = await checkoutForm(db, request, user, checkout.slots, checkout.payment.methods);
      // The promotions on the lines that will be ordered, as the checkout will price them.
      const orderable = cart.lines.filter((line) => line.problem !== "habis");
      if (orderable.length > 0) {
        pricing = await pagePricing(db, checkout, orderable, user?.id ?? null, readPendingOrder(request));
      }
    }
  }
  const sent = url.searchParams.get("terkirim");
  return { cart, details, pricing, sent: sent && isOrderCode(sent) ? sent : null };
}

export async function action(args: Route.ActionArgs) {
  return cartAction(args, await readForm(args.request));
}

export const headers = actionHeaders;

function useNotices(fresh: string[]) {
  const [seen, setSeen] = useState(fresh);
  const [notices, setNotices] = useState(fresh);
  if (fresh !== seen) {
    setSeen(fresh);
    setNotices((shown) => [...shown, ...fresh.filter((notice) => !shown.includes(notice))]);
  }
  return [notices, () => setNotices([])] as const;
}

export default function Keranjang({ loaderData, actionData }: Route.ComponentProps) {
  const { cart, details: form, pricing } = loaderData;
  const { store } = useRootData();
  // The details' check lives here, not in their lazily fetched code: a tap that comes first is
  // checked too (the schema loads then), never sent unchecked.
  const details = useDetailsCheck(form.slots);
  const revalidator = useRevalidator();
  const [notices, closeNotices] = useNotices(cart.notices);
  const [sentCode, setSentCode] = useState<string | null>(loaderData.sent);
  const [problem, setProblem] = useState<string | null>(null);
  const saveForm = useFetcher<FormAnswer<CartDone>>({ key: `${LINE_FETCHER_PREFIX}formulir` });
  const busy = useFetchers().some(
    (fetcher) => fetcher.key.startsWith(LINE_FETCHER_PREFIX) && fetcher.state !== "idle",
  );
  // A checkout tapped while a line's change is on its way is sent once the page shows the change.
  const idleWaiters = useRef<(() => void)[]>([]);
  useEffect(() => {
    if (!busy) for (const resolve of idleWaiters.current.splice(0)) resolve();
  }, [busy]);
  const checkout = useCheckout(cart.fingerprint, (code) => {
    setSentCode(code);
    window.scrollTo({ top: 0 });
  });
  const onProblem = useCallback((message: string) => setProblem(message), []);
  // Notes typed before a reload are in the form at once, whether or not the lines' code has come.
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => void (formRef.current && restoreNoteDrafts(formRef.current)), []);

  // The page's count is the cart's: the header follows it, and other tabs' changes reload it.
  useEffect(() => updateCartCount({ count: cart.count, version: cart.version }), [cart.count, cart.version]);
  useEffect(
    () =>
      onCartChangedElsewhere(() => {
        startUse();
        void revalidator.revalidate();
      }),
    [revalidator],
  );

  const blockedMessage = cart.blocked ?? (store.busy ? store.busyText : null);
  const detailsRefused = Object.keys(checkout.fieldErrors ?? {}).length > 0;
  const refusal =
    (detailsRefused ? null : checkout.error) ??
    problem ??
    (actionData?.status === "error" ? actionData.message : null);

  return (
    <div className="mx-auto max-w-3xl px-4 pt-8">
      <h1 className="section-title sm:text-4xl">Keranjang</h1>
      <StoreHoursNotice store={store} className="mt-4" />
      {notices.length > 0 ? (
        <Suspense fallback={null}>
          <Notices notices={notices} onClose={closeNotices} />
        </Suspense>
      ) : null}

      {sentCode ? (
        <Suspense fallback={null}>
          <OrderSent code={sentCode} />
        </Suspense>
      ) : null}

      {refusal ? (
        <p
          role="alert"
          className="mt-4 rounded-2xl border border-chili-100 bg-chili-50 px-4 py-3 font-semibold text-chili-800"
        >
          {refusal}
        </p>
      ) : null}

      {cart.lines.length === 0 ? (
        <div className="card mt-6 flex flex-col items-center gap-3 p-10 text-center">
          <CartIcon className="size-12 text-chili-600" />
          <p className="text-xl font-extrabold">Keranjang kosong</p>
          <p className="text-stone-600">Yuk, pilih mie pedas favoritmu dulu.</p>
          <Link to="/produk" className="btn-primary mt-2">
            Lihat Produk
          </Link>
        </div>
      ) : (
        <form
          ref={formRef}
          method="post"
          action="/pesanan"
          // The details' Indonesian messages beside each field, never the browser's own bubble.
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            const submitter = (event.nativeEvent as SubmitEvent).submitter;
            setProblem(null);
            if (submitter?.hasAttribute("data-checkout")) {
              if (blockedMessage) return;
              const form = event.currentTarget;
              const idle = busy ? new Promise<void>((resolve) => idleWaiters.current.push(resolve)) : null;
              checkout.start(form, idle ? idle.then(() => details.check(form)) : details.check(form));
              return;
            }
            // Enter in a note saves the notes and levels as they stand (the hidden first button);
            // a line's button whose code has not arrived yet sends its own change with them.
            const values = new FormData(event.currentTarget, submitter);
            if (!values.has("intent")) values.set("intent", SAVE_INTENT);
            values.set(FETCH_MODE.name, FETCH_MODE.value);
            void saveForm.submit(values, { method: "post", action: "/keranjang" });
          }}
        >
          {/* The form's first button: Enter in a note saves, it never removes a line. */}
          <button type="submit" name="intent" value={SAVE_INTENT} formAction="/keranjang" hidden>
            Simpan
          </button>
          <input type="hidden" name={FINGERPRINT_FIELD} value={cart.fingerprint} />
          <CartLines lines={cart.lines} onProblem={onProblem} />
          <Suspense fallback={null}>
            <CheckoutDetailsFields
              initial={form.remembered}
              slots={form.slots}
              methods={form.methods}
              errors={checkout.fieldErrors}
              message={detailsRefused ? checkout.error : null}
              check={details}
              hidden={checkout.recorded !== null}
            />
          </Suspense>

          <div className="card mt-6 p-6">
            <CartPricingSummary pricing={pricing} />
            {checkout.recorded ? (
              <div className="mt-4 border-t border-stone-200 pt-4">
                <Suspense fallback={<p className="text-stone-600">Pesanan tercatat…</p>}>
                  <OrderRecorded
                    order={checkout.recorded}
                    opened={checkout.opened}
                    sentQuestion={
                      <>
                        <button type="button" className="btn-primary" onClick={checkout.confirmSent}>
                          Ya, sudah terkirim
                        </button>
                        <button type="button" className="btn-secondary" onClick={checkout.change}>
                          Belum, ubah pesanan
                        </button>
                      </>
                    }
                  />
                </Suspense>
              </div>
            ) : (
              <>
                <button
                  type="submit"
                  data-checkout=""
                  disabled={checkout.sending || checkout.confirming || blockedMessage !== null}
                  className="btn-whatsapp mt-4 w-full text-lg disabled:cursor-not-allowed disabled:opacity-60"
                >
                  <WhatsAppIcon className="size-6" />
                  {checkout.sending ? "Mencatat pesanan…" : "Pesan via WhatsApp"}
                </button>
                {blockedMessage ? (
                  <p className="mt-3 text-center text-sm font-semibold text-chili-700">{blockedMessage}</p>
                ) : (
                  <p className="mt-3 text-center text-sm text-stone-600">
                    Pesananmu dicatat dulu, lalu WhatsApp terbuka dengan kode pesanan. Tinggal tekan kirim.
                  </p>
                )}
                <button
                  type="submit"
                  name="intent"
                  value={SAVE_INTENT}
                  formAction="/keranjang"
                  className="btn-secondary until-hydrated mt-3 w-full"
                >
                  Simpan perubahan
                </button>
              </>
            )}
          </div>
        </form>
      )}
      {cart.lines.length > 0 ? (
        <p className="mt-6 text-center">
          <Link to="/produk" className="font-semibold text-chili-700 underline-offset-4 hover:underline">
            Tambah menu lain
          </Link>
        </p>
      ) : null}
    </div>
  );
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Keranjang",
    description: "Periksa pesananmu, atur jumlahnya, lalu kirim lewat WhatsApp.",
    path: "/keranjang",
  });
