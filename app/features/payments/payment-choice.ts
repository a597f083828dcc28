/**
 * The checkout's "Cara bayar": one server-side reading for every checkout (the cart's, the quick
 * one, an order taken by hand), and whether the chosen method can take the total
 * (docs/decisions/0040-payments.md).
 */
import { qrisAmountProblem } from "../../lib/qris/qris.ts";
import { PAYMENT_LABELS, type PaymentMethod } from "./payment-labels.ts";

/** The form field's name. */
export const PAYMENT_FIELD = "bayar";

export type PaymentChoice = { ok: true; method: PaymentMethod } | { ok: false; message: string };

const offered = (methods: readonly PaymentMethod[]) =>
  methods.map((entry) => PAYMENT_LABELS[entry]).join(", ");

/** The method a form chose among the shop's; a form without the field takes the shop's first. */
export function readPaymentChoice(value: unknown, methods: readonly PaymentMethod[]): PaymentChoice {
  if (value === null || value === undefined || value === "") return { ok: true, method: methods[0]! };
  const method = methods.find((entry) => entry === value);
  return method ? { ok: true, method } : { ok: false, message: `Pilih cara bayar: ${offered(methods)}.` };
}

/** Why `method` cannot take `total`, offering the shop's other methods; null when it can. */
export function paymentProblem(method: PaymentMethod, total: number, methods: readonly PaymentMethod[]) {
  if (method !== "qris") return null;
  const problem = qrisAmountProblem(total);
  if (!problem) return null;
  const others = methods.filter((entry) => entry !== "qris");
  return others.length > 0
    ? `${problem.replace(/ Pilih cara bayar lain\.$/, "")} Pilih ${offered(others)}.`
    : `${problem.replace(/ Pilih cara bayar lain\.$/, "")} Kurangi pesanan atau bagi menjadi beberapa pesanan.`;
}
