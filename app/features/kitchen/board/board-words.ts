// The board's words, apart from order-status.ts so the customer's pages do not load them.
import { statusLabel, type Fulfilment, type OrderStatus } from "../../orders/order-status.ts";

export const STATUS_FILTER_LABELS: Record<OrderStatus, string> = {
  baru: "Baru",
  diterima: "Diterima",
  dimasak: "Dimasak",
  siap: "Siap diambil / diantar",
  selesai: "Selesai",
  batal: "Dibatalkan",
};

export function stepActionLabel(next: OrderStatus, fulfilment: Fulfilment | null = null): string {
  switch (next) {
    case "diterima":
      return "Terima";
    case "dimasak":
      return "Mulai masak";
    case "siap":
      return fulfilment === "antar" ? "Antar sekarang" : fulfilment === "makan" ? "Sajikan" : "Siap diambil";
    case "selesai":
      return "Selesai";
    default:
      return statusLabel(next, fulfilment);
  }
}

export function waitingText(since: Date | string, now: number): string {
  const minutes = Math.max(0, Math.floor((now - new Date(since).getTime()) / 60_000));
  if (minutes < 1) return "baru saja";
  if (minutes < 60) return `${minutes} menit`;
  const hours = Math.floor(minutes / 60);
  if (hours >= 48) return `${Math.floor(hours / 24)} hari`;
  const rest = minutes % 60;
  return rest ? `${hours} jam ${rest} menit` : `${hours} jam`;
}
