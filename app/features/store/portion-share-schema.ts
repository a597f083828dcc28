// How much of a dish's daily portions one order, and one client address in a business day, may take (0057);
// one rule for the page and the action.
import { z } from "zod";
import { checkedText } from "../../lib/form-schema.ts";

export interface PortionShare {
  perOrder: number;
  perAddress: number;
}

export const DEFAULT_PORTION_SHARE: PortionShare = { perOrder: 10, perAddress: 20 };
export const MAX_PER_ORDER = 99;
export const MAX_PER_ADDRESS = 9999;

export const PORTION_SHARE_MESSAGES = {
  perOrder: `Porsi per pesanan diisi angka bulat 1 sampai ${MAX_PER_ORDER}.`,
  perAddress: `Porsi per pelanggan sehari diisi angka bulat 1 sampai ${MAX_PER_ADDRESS.toLocaleString("id-ID")}.`,
  belowOrder: "Porsi per pelanggan sehari tidak boleh lebih kecil dari porsi per pesanan.",
} as const;

const whole = (max: number, message: string) =>
  checkedText(
    message,
    (value) => /^\d{1,4}$/.test(value) && Number(value) >= 1 && Number(value) <= max,
  ).transform(Number);

export const PortionShareSchema = z
  .object({
    portions_per_order: whole(MAX_PER_ORDER, PORTION_SHARE_MESSAGES.perOrder),
    portions_per_address: whole(MAX_PER_ADDRESS, PORTION_SHARE_MESSAGES.perAddress),
  })
  .superRefine((value, context) => {
    // Only between two readable numbers: a refused field has its own message already.
    if (value.portions_per_address > 0 && value.portions_per_address < value.portions_per_order)
      context.addIssue({
        code: "custom",
        path: ["portions_per_address"],
        message: PORTION_SHARE_MESSAGES.belowOrder,
      });
  });
