// What a push says (0036): never the customer's name, number or address, as the payload passes
// through the push service.
import { formatRupiah } from "../../lib/format.ts";
import type { Fulfilment } from "../../../database/types.ts";
import { FULFILMENT_LABELS } from "../orders/order-fields.ts";

export interface PushMessage {
  title: string;
  body: string;
  url: string;
  // One notification per order: a reminder replaces the one before.
  tag: string;
}

export interface PushOrder {
  code: string;
  /** null for the kitchen's devices (0056): they get the lines instead. */
  total: number | null;
  lines?: string[];
  fulfilment: Fulfilment | null;
  created_at: Date;
}

export const boardUrlOf = (code: string) => `/admin/pesanan?kode=${encodeURIComponent(code)}&status=semua`;

export function orderPushMessage(order: PushOrder, round: number, now = new Date()): PushMessage {
  const how = order.fulfilment ? ` · ${FULFILMENT_LABELS[order.fulfilment]}` : "";
  const summary =
    order.total === null
      ? `${(order.lines ?? []).join(", ").slice(0, 300)}${how}`
      : `${formatRupiah(order.total)}${how}`;
  const minutes = Math.max(1, Math.round((now.getTime() - order.created_at.getTime()) / 60_000));
  return round === 0
    ? { title: `Pesanan baru ${order.code}`, body: summary, url: boardUrlOf(order.code), tag: order.code }
    : {
        title: `Belum diterima: ${order.code}`,
        body: `Menunggu ${minutes} menit · ${summary}`,
        url: boardUrlOf(order.code),
        tag: order.code,
      };
}

export const TEST_PUSH_MESSAGE: PushMessage = {
  title: "Push uji berhasil",
  body: "Perangkat ini akan berbunyi setiap ada pesanan baru.",
  url: "/admin/pengaturan-notifikasi",
  tag: "push-uji",
};
