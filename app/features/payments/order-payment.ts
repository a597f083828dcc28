/**
 * An order's payment in words, for the message, the pages, the board and the receipt
 * (docs/decisions/0040-payments.md). Pure: the server and the pages share it.
 */
import { formatRupiah } from "../../lib/format.ts";
import { PAYMENT_LABELS, type PaymentMethod } from "./payment-labels.ts";

/** The paid-state forms' `intent` (paid-control.tsx), read by the board's and the order's actions. */
export const PAID_INTENTS = { paid: "lunas", unpaid: "belum-lunas" } as const;

/** What the order row says about its payment. */
export interface OrderPaymentState {
  payment_method: PaymentMethod | null;
  paid_at: Date | string | null;
  paid_amount: number | null;
  total: number;
}

/** The WhatsApp message's line: the method, and for QRIS where the code is. */
export function paymentLine(method: PaymentMethod | null): string[] {
  if (!method) return [];
  return [`Bayar: ${PAYMENT_LABELS[method]}${method === "qris" ? " (kode QR ada di halaman pesanan)" : ""}`];
}

/** `Lunas` or `Belum dibayar`. */
export const paidLabel = (order: Pick<OrderPaymentState, "paid_at">) =>
  order.paid_at ? "Lunas" : "Belum dibayar";

/**
 * What a paid order's total moved by since it was paid (an edit): positive, the customer owes
 * more; negative, the shop owes the difference back; 0 when unpaid or unchanged.
 */
export const paidDifference = (order: Pick<OrderPaymentState, "paid_at" | "paid_amount" | "total">) =>
  order.paid_at && order.paid_amount !== null ? order.total - order.paid_amount : 0;

/** `Kurang bayar Rp 5.000` / `Lebih bayar Rp 5.000`, or null when nothing differs. */
export function differenceText(order: Pick<OrderPaymentState, "paid_at" | "paid_amount" | "total">) {
  const difference = paidDifference(order);
  if (difference === 0) return null;
  return difference > 0
    ? `Total berubah setelah lunas: kurang bayar ${formatRupiah(difference)}`
    : `Total berubah setelah lunas: lebih bayar ${formatRupiah(-difference)}`;
}
