// "Cara bayar": one reading for every checkout, and whether the chosen method can take the total (0040).
import { qrisAmountProblem } from "../../lib/qris/qris.ts";
import { PAYMENT_LABELS, type PaymentMethod } from "./payment-labels.ts";

export const PAYMENT_FIELD = "bayar";

export type PaymentChoice = { ok: true; method: PaymentMethod } | { ok: false; message: string };

const offered = (methods: readonly PaymentMethod[]) =>
  methods.map((entry) => PAYMENT_LABELS[entry]).join(", ");

// A form without the field takes the shop's first method.
export function readPaymentChoice(value: unknown, methods: readonly PaymentMethod[]): PaymentChoice {
  if (value === null || value === undefined || value === "") return { ok: true, method: methods[0]! };
  const method = methods.find((entry) => entry === value);
  return method ? { ok: true, method } : { ok: false, message: `Pilih cara bayar: ${offered(methods)}.` };
}

export function paymentProblem(method: PaymentMethod, total: number, methods: readonly PaymentMethod[]) {
  if (method !== "qris") return null;
  const problem = qrisAmountProblem(total);
  if (!problem) return null;
  const others = methods.filter((entry) => entry !== "qris");
  return others.length > 0
    ? `${problem.replace(/ Pilih cara bayar lain\.$/, "")} Pilih ${offered(others)}.`
    : `${problem.replace(/ Pilih cara bayar lain\.$/, "")} Kurangi pesanan atau bagi menjadi beberapa pesanan.`;
}
