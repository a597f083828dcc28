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
  // An order is processed before it is done: "selesai" straight from "baru" would skip the
  // kitchen's confirmation, and only confirmed orders count in the report.
  baru: ["diproses", "batal"],
  diproses: ["selesai", "batal"],
  selesai: [],
  batal: [],
};
