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

/** Where an order came from: the storefront's checkout, or the staff taking it by hand. */
export const ORDER_SOURCES = ["online", "kasir"] as const;
export type OrderSource = (typeof ORDER_SOURCES)[number];

/** An order's two tickets on paper: the kitchen's and the customer's receipt (order_prints.kind). */
export const TICKET_KINDS = ["dapur", "struk"] as const;
export type TicketKind = (typeof TICKET_KINDS)[number];
/**
 * What a promo line of the cart is measured against: one menu item (`item:es-teh-jumbo`), every
 * level of a dish (`family:Mie Nyala`), or a category (`category:makanan`).
 */
export type PromoTarget = `item:${string}` | `family:${string}` | `category:${string}`;

/** Who may use a promo: everyone, signed-in customers, or a signed-in customer's first order. */
export const PROMO_AUDIENCES = ["semua", "masuk", "pertama"] as const;
export type PromoAudience = (typeof PROMO_AUDIENCES)[number];

/** Percent off, an amount off, buy N get M free, or a bundle at a fixed price. */
export const PROMO_KINDS = ["persen", "potongan", "gratis", "paket"] as const;
export type PromoKind = (typeof PROMO_KINDS)[number];

/**
 * A promo's price rule (promos.rule; docs/decisions/0024-promotion-rules.md). The date range is
 * the promo's own `active_from`/`active_until`. Checked by one schema when the form writes it and
 * when it is read back (PromoRuleSchema, app/features/promotions/rule.ts).
 */
export interface PromoRule {
  /** Days it applies, 0 = Monday … 6 = Sunday (the store's calendar); at least one. */
  days: number[];
  /** `HH:MM` in the store's time zone; both null = all day. `until` before `from` runs past midnight. */
  time_from: string | null;
  time_until: string | null;
  audience: PromoAudience;
  /** Times one signed-in customer may use it; null = no limit. */
  per_customer: number | null;
  /** The lines it counts and discounts; empty = the whole order. */
  targets: PromoTarget[];
  kind: PromoKind;
  /** `persen`: 1–100. */
  percent: number | null;
  /** `potongan`: rupiah off. */
  amount: number | null;
  /** `gratis`: for every `buy` counted units, `free` units of `reward` cost nothing. */
  buy: number | null;
  free: number | null;
  /** `gratis`: the free item; null = the counted lines themselves (buy 2 get 1 of the same). */
  reward: PromoTarget | null;
  /** `paket`: what one bundle holds (disjoint parts). */
  bundle: { target: PromoTarget; jumlah: number }[];
  /** `paket`: the bundle's price with each part at its cheapest choice. */
  bundle_price: number | null;
  /** The order's subtotal (before promotions) must reach it; 0 = none. */
  min_subtotal: number;
  /** Applies together with other combinable promos; if not, the best single promo wins. */
  combinable: boolean;
}

/** How a customer pays: cash, the shop's QRIS for the exact amount, or a bank transfer (orders.payment_method). */
export const PAYMENT_METHODS = ["tunai", "qris", "transfer"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
