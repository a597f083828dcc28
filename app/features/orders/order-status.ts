/**
 * An order's statuses, their names and the moves between them, shared by server, board and order
 * page (docs/decisions/0020-live-orders.md): baru → diterima → dimasak → siap → selesai, one step
 * at a time; any step before selesai may end in batal. Both are final.
 */
import { FULFILMENTS, ORDER_STATUSES, type Fulfilment, type OrderStatus } from "../../../database/types.ts";

export { FULFILMENTS, ORDER_STATUSES, type Fulfilment, type OrderStatus };

/** The steps an order normally takes, in order (batal is not one of them). */
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

/** The step after `status`, or null for a final status. */
export function nextStep(status: OrderStatus): OrderStatus | null {
  return NEXT_STATUSES[status].find((next) => next !== "batal") ?? null;
}

/** Orders the kitchen still has to finish. */
export const ACTIVE_STATUSES = [
  "baru",
  "diterima",
  "dimasak",
  "siap",
] as const satisfies readonly OrderStatus[];

/**
 * Orders the restaurant took up: they count as sales in the report and on the dashboard. An
 * order still `baru` may never have been sent (it is recorded at checkout, before WhatsApp).
 */
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

/** The status as the customer and the staff read it; `siap` depends on how the order is fulfilled. */
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

/** One sentence for the customer about where the order is. */
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
