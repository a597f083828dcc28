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

/** An order's statuses; the moves between them are the app's (features/orders/order-status.ts). */
export const ORDER_STATUSES = ["baru", "diproses", "selesai", "batal"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
