/**
 * Value types the schema stores, shared with the app (which imports them from here, never the
 * other way round: `database/` imports nothing from `app/`).
 */

/** One day of the opening hours: `buka`/`tutup` as `HH:MM` in the store's time zone. */
export interface OpeningDay {
  buka: string;
  tutup: string;
  libur: boolean;
}

/**
 * An order's statuses, in the order the kitchen moves through them (`batal` ends one early); the
 * moves between them are the app's (features/orders/order-status.ts). `siap` is "ready to pick
 * up", "out for delivery" or "ready to serve", by how the order is fulfilled.
 */
export const ORDER_STATUSES = ["baru", "diterima", "dimasak", "siap", "selesai", "batal"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** How an order reaches the customer: picked up, delivered, or eaten at the restaurant. */
export const FULFILMENTS = ["ambil", "antar", "makan"] as const;
export type Fulfilment = (typeof FULFILMENTS)[number];
