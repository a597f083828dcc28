// Order statuses and the moves between them (0020): one step at a time; selesai and batal are final.
import { FULFILMENTS, ORDER_STATUSES, type Fulfilment, type OrderStatus } from "../../../database/types.ts";

export { FULFILMENTS, ORDER_STATUSES, type Fulfilment, type OrderStatus };

export const ORDER_STEPS = [
  "baru",
  "diterima",
  "dimasak",
  "siap",
  "selesai",
] as const satisfies readonly OrderStatus[];

export const NEXT_STATUSES: Record<OrderStatus, readonly OrderStatus[]> = {
  baru: ["diterima", "batal"],
  diterima: ["dimasak", "batal"],
  dimasak: ["siap", "batal"],
  siap: ["selesai", "batal"],
  selesai: [],
  batal: [],
};

export function nextStep(status: OrderStatus): OrderStatus | null {
  return NEXT_STATUSES[status].find((next) => next !== "batal") ?? null;
}

export const ACTIVE_STATUSES = [
  "baru",
  "diterima",
  "dimasak",
  "siap",
] as const satisfies readonly OrderStatus[];

// An order still `baru` may never have been sent: it is recorded at checkout, before WhatsApp.
export const CONFIRMED_STATUSES = [
  "diterima",
  "dimasak",
  "siap",
  "selesai",
] as const satisfies readonly OrderStatus[];

const READY_LABELS: Record<Fulfilment, string> = {
  ambil: "Siap diambil",
  antar: "Sedang diantar",
  makan: "Siap disajikan",
};

export function statusLabel(status: OrderStatus, fulfilment: Fulfilment | null = null): string {
  switch (status) {
    case "baru":
      return "Baru";
    case "diterima":
      return "Diterima";
    case "dimasak":
      return "Dimasak";
    case "siap":
      return fulfilment ? READY_LABELS[fulfilment] : "Siap";
    case "selesai":
      return "Selesai";
    case "batal":
      return "Dibatalkan";
  }
}

export function statusExplanation(status: OrderStatus, fulfilment: Fulfilment | null = null): string {
  switch (status) {
    case "baru":
      return "Pesananmu sudah tercatat dan menunggu diterima dapur.";
    case "diterima":
      return "Pesananmu sudah diterima dan segera dimasak.";
    case "dimasak":
      return "Pesananmu sedang dimasak.";
    case "siap":
      return fulfilment === "antar"
        ? "Pesananmu sedang diantar ke alamatmu."
        : fulfilment === "makan"
          ? "Pesananmu siap disajikan di mejamu."
          : "Pesananmu siap diambil di toko.";
    case "selesai":
      return "Pesanan selesai. Terima kasih!";
    case "batal":
      return "Pesanan ini dibatalkan.";
  }
}

export const isOrderStatus = (value: unknown): value is OrderStatus =>
  typeof value === "string" && (ORDER_STATUSES as readonly string[]).includes(value);
