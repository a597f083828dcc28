import { useEffect, useMemo, useState } from "react";
import { formatRupiah } from "~/lib/format.ts";
import {
  priceCart,
  type CustomerFacts,
  type Pricing,
  type PricingItem,
  type PricingLine,
  type PricingPromo,
} from "./pricing.ts";

/** What the cart page's loader sends for the pricing (plain arrays: it crosses to the browser). */
export interface CartPricingData {
  promos: PricingPromo[];
  menu: PricingItem[];
  categories: [string, string][];
  timezone: string;
  /** The store's clock when the page was made (ms). */
  now: number;
  customer: CustomerFacts;
}

/**
 * The cart's pricing in the page: the same priceCart the checkout runs on the server, on the
 * lines the cart shows, with the store's clock moved on by the time since the page was made.
 */
export function useCartPricing(data: CartPricingData, lines: readonly PricingLine[]): Pricing {
  // The store's clock, moved on every half minute while the page stays open (a promo may begin or end).
  const [elapsed, setElapsed] = useState(0);
  useEffect(() => {
    const start = Date.now();
    const timer = setInterval(() => setElapsed(Date.now() - start), 30_000);
    return () => {
      clearInterval(timer);
      setElapsed(0);
    };
  }, [data.now]);
  const now = data.now + elapsed;
  const menu = useMemo(() => new Map(data.menu.map((item) => [item.id, item])), [data.menu]);
  const categoryNames = useMemo(() => new Map(data.categories), [data.categories]);
  const key = JSON.stringify(lines);
  return useMemo(
    () =>
      priceCart({
        lines,
        promos: data.promos,
        menu,
        categoryNames,
        now,
        timezone: data.timezone,
        customer: data.customer,
      }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` stands for the lines' content
    [key, data, menu, categoryNames, now],
  );
}

/** Subtotal, each promo with its saving, the total, and the hints of promos the cart nearly earns. */
export function CartPricingSummary({ pricing }: { pricing: Pricing }) {
  return (
    <div>
      {pricing.discounts.length > 0 ? (
        <dl className="mb-3 space-y-1 border-b border-stone-200 pb-3 text-sm">
          <div className="flex justify-between gap-3">
            <dt className="text-stone-600">Subtotal</dt>
            <dd data-testid="subtotal-before-promo">{formatRupiah(pricing.subtotal)}</dd>
          </div>
          {pricing.discounts.map((entry) => (
            <div key={entry.promoId} className="flex justify-between gap-3 font-semibold text-green-800">
              <dt>Promo {entry.title}</dt>
              <dd className="shrink-0" data-testid="cart-discount">
                -{formatRupiah(entry.amount)}
              </dd>
            </div>
          ))}
        </dl>
      ) : null}
      <div className="flex items-center justify-between text-lg">
        <span className="font-semibold">Total</span>
        <span className="text-2xl font-extrabold text-chili-700" data-testid="total">
          {formatRupiah(pricing.total)}
        </span>
      </div>
      {pricing.hints.length > 0 ? (
        <ul className="mt-3 space-y-1" aria-label="Promo yang hampir kamu dapat">
          {pricing.hints.map((hint) => (
            <li
              key={`${hint.promoId}:${hint.text}`}
              className="rounded-xl bg-saffron-400/20 px-3 py-2 text-sm font-semibold text-charcoal"
              data-testid="promo-hint"
            >
              {hint.text}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
