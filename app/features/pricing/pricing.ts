// The one pricing of an order: the lines' sum less what the promotions take off (0025, 0054).
import {
  promoAdjustments,
  type AppliedDiscount,
  type PromoHint,
  type PromoInput,
  type PromoLine,
} from "../promotions/adjustments.ts";

export type PricingLine = PromoLine;

export interface Pricing {
  subtotal: number;
  discounts: AppliedDiscount[];
  discount: number;
  total: number;
  hints: PromoHint[];
}

export function priceCart(input: PromoInput): Pricing {
  const subtotal = input.lines.reduce((sum, line) => sum + line.harga * line.jumlah, 0);
  const { discounts, discount, hints } = promoAdjustments(input, subtotal);
  return { subtotal, discounts, discount, total: subtotal - discount, hints };
}
