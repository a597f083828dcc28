import { formatRupiah } from "~/lib/format.ts";
import { TOTAL_FIELD } from "./seen-total.ts";
import type { Pricing } from "./pricing.ts";

export default function CartPricingSummary({ pricing }: { pricing: Pricing }) {
  return (
    <div>
      {/* The total the customer sees: the checkout records only this one (or answers the new one). */}
      <input type="hidden" name={TOTAL_FIELD} value={pricing.total} />
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
