/**
 * What a push says (the service worker shows it): the order's code, its total and how it leaves,
 * and the board's address for a tap. Never the customer's name, number or address: the payload
 * passes through the push service (docs/decisions/0036-web-push.md).
 */
import { formatRupiah } from "../../lib/format.ts";
import type { Fulfilment } from "../../../database/types.ts";
import { FULFILMENT_LABELS } from "../orders/order-fields.ts";

export interface PushMessage {
  title: string;
  body: string;
  /** Where a tap leads, on this site. */
  url: string;
  /** One notification per order: a reminder replaces the one before. */
  tag: string;
}

export interface PushOrder {
  code: string;
  total: number;
  fulfilment: Fulfilment | null;
  created_at: Date;
}

export const boardUrlOf = (code: string) => `/admin/pesanan?kode=${encodeURIComponent(code)}&status=semua`;

/** Round 0 announces the order; each later round reminds that it still waits. */
export function orderPushMessage(order: PushOrder, round: number, now = new Date()): PushMessage {
  const how = order.fulfilment ? ` · ${FULFILMENT_LABELS[order.fulfilment]}` : "";
  const summary = `${formatRupiah(order.total)}${how}`;
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
