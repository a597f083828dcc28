/**
 * An order's statuses and the moves between them, shared by the database schema, the server and
 * the order log page: baru → diproses → selesai; baru or diproses → batal. Selesai and batal are
 * final.
 */
export const ORDER_STATUSES = ["baru", "diproses", "selesai", "batal"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const STATUS_LABELS: Record<OrderStatus, string> = {
  baru: "Baru",
  diproses: "Diproses",
  selesai: "Selesai",
  batal: "Batal",
};

export const NEXT_STATUSES: Record<OrderStatus, readonly OrderStatus[]> = {
  baru: ["diproses", "selesai", "batal"],
  diproses: ["selesai", "batal"],
  selesai: [],
  batal: [],
};
