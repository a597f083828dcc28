// An order's fulfilment details in words, the same on the WhatsApp message, the board and the order page.
import { formatWhatsAppNumber } from "../../lib/whatsapp-format.ts";
import { FULFILMENT_LABELS } from "./order-fields.ts";
import type { Fulfilment } from "./order-status.ts";
import { formatSlot } from "../store/order-time.ts";

export interface FulfilmentDetails {
  customer_phone: string | null;
  fulfilment: Fulfilment | null;
  address: string | null;
  landmark: string | null;
  table_number: string | null;
  scheduled_for: Date | string | null;
}

export function fulfilmentText(order: FulfilmentDetails): string | null {
  if (!order.fulfilment) return null;
  const label = FULFILMENT_LABELS[order.fulfilment];
  return order.fulfilment === "makan" && order.table_number ? `${label}, meja ${order.table_number}` : label;
}

export function addressText(order: FulfilmentDetails): string | null {
  if (order.fulfilment !== "antar" || !order.address) return null;
  return order.landmark ? `${order.address} (patokan: ${order.landmark})` : order.address;
}

export function whenText(order: Pick<FulfilmentDetails, "scheduled_for">, timezone: string): string {
  return order.scheduled_for ? formatSlot(new Date(order.scheduled_for), timezone) : "Secepatnya";
}

export function detailLines(order: FulfilmentDetails, timezone: string): string[] {
  const how = fulfilmentText(order);
  if (!how) return [];
  const lines: string[] = [];
  if (order.customer_phone) lines.push(`WhatsApp: ${formatWhatsAppNumber(order.customer_phone)}`);
  lines.push(`Cara: ${how}`);
  const address = addressText(order);
  if (address) lines.push(`Alamat: ${address}`);
  lines.push(`Waktu: ${whenText(order, timezone)}`);
  return lines;
}
