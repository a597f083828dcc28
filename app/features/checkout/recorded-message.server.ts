// The WhatsApp text of a recorded order and its chat link, for its answer and a replay's (0028, 0057).
import { whatsappLink } from "../../lib/whatsapp.ts";
import { detailLines } from "../orders/order-details.ts";
import { orderLink } from "../orders/order-view.server.ts";
import { paymentLine } from "../payments/order-payment.ts";
import type { PaymentMethod } from "../payments/payment-labels.ts";
import { closedOrderNote } from "../store/opening-hours.ts";
import { orderMessage, type OrderLine } from "./order-message.ts";
import type { RecordRequest } from "./record-order.server.ts";

export interface Written {
  code: string;
  viewToken: string;
  replaced: string | null;
  follows: string | null;
  discounts: readonly { title: string; amount: number }[];
}

export function recordedMessage(
  { context, details, origin }: Pick<RecordRequest, "context" | "details" | "origin">,
  method: PaymentMethod,
  lines: readonly OrderLine[],
  order: Written,
) {
  const message = orderMessage(context.store.brand, lines, {
    code: order.code,
    customerName: details.nama,
    details: detailLines(
      {
        customer_phone: details.whatsapp,
        fulfilment: details.cara,
        address: details.alamat,
        landmark: details.patokan,
        table_number: details.meja,
        scheduled_for: details.scheduledFor,
      },
      context.store.timezone,
    ).concat(paymentLine(method)),
    closedNote: closedOrderNote(context.store.status),
    link: orderLink(origin, order.code, order.viewToken),
    discounts: order.discounts,
    earlier: { replaces: order.replaced, follows: order.follows },
  });
  return { message, whatsappUrl: whatsappLink(context.store.whatsapp, message) };
}
