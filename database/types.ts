// Value types the schema stores, shared with the app: database/ imports nothing from app/.

export interface OpeningDay {
  buka: string;
  tutup: string;
  libur: boolean;
}

// In the kitchen's order (`batal` ends one early); `siap` is ready to pick up, out for delivery or to serve.
export const ORDER_STATUSES = ["baru", "diterima", "dimasak", "siap", "selesai", "batal"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const FULFILMENTS = ["ambil", "antar", "makan"] as const;
export type Fulfilment = (typeof FULFILMENTS)[number];

export const ORDER_SOURCES = ["online", "kasir"] as const;
export type OrderSource = (typeof ORDER_SOURCES)[number];

export const TICKET_KINDS = ["dapur", "struk"] as const;
export type TicketKind = (typeof TICKET_KINDS)[number];
export type PromoTarget = `item:${string}` | `family:${string}` | `category:${string}`;

export const PROMO_AUDIENCES = ["semua", "masuk", "pertama"] as const;
export type PromoAudience = (typeof PROMO_AUDIENCES)[number];

export const PROMO_KINDS = ["persen", "potongan", "gratis", "paket"] as const;
export type PromoKind = (typeof PROMO_KINDS)[number];

// A promo's price rule (0024), checked by one schema on write and on read (app/features/promotions/rule.ts).
export interface PromoRule {
  /** 0 = Monday … 6 = Sunday, the store's calendar. */
  days: number[];
  /** Both null: all day; `until` before `from` runs past midnight. */
  time_from: string | null;
  time_until: string | null;
  audience: PromoAudience;
  per_customer: number | null;
  targets: PromoTarget[];
  kind: PromoKind;
  percent: number | null;
  amount: number | null;
  buy: number | null;
  free: number | null;
  reward: PromoTarget | null;
  bundle: { target: PromoTarget; jumlah: number }[];
  bundle_price: number | null;
  min_subtotal: number;
  combinable: boolean;
}

export const PAYMENT_METHODS = ["tunai", "qris", "transfer"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
