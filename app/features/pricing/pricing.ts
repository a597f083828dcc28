/**
 * The one pricing of an order, for the cart page, the checkout, the counter and an edit: the
 * lines' sum, less what the promotions take off (promotions/adjustments.ts), is the total. A
 * charge (tax, service, delivery) is added here (docs/decisions/0025, 0054).
 */
import {
  promoAdjustments,
  type AppliedDiscount,
  type PromoHint,
  type PromoInput,
  type PromoLine,
} from "../promotions/adjustments.ts";

/** An orderable line, at the menu's current price (or, for an edit, the price it was recorded at). */
export type PricingLine = PromoLine;

export interface Pricing {
  subtotal: number;
  discounts: AppliedDiscount[];
  /** The sum of `discounts`; never more than `subtotal`. */
  discount: number;
  total: number;
  hints: PromoHint[];
}

/** Prices the lines: the subtotal, each promo that applies with what it takes off, the total, hints. */
export function priceCart(input: PromoInput): Pricing {
  const subtotal = input.lines.reduce((sum, line) => sum + line.harga * line.jumlah, 0);
  const { discounts, discount, hints } = promoAdjustments(input, subtotal);
  return { subtotal, discounts, discount, total: subtotal - discount, hints };
}
