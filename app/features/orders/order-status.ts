/**
 * The moves between an order's statuses (the statuses themselves are the schema's), shared by the
 * server and the order log page: baru → diproses → selesai; baru or diproses → batal. Selesai and batal are
 * final.
 */
import { ORDER_STATUSES, type OrderStatus } from "../../../database/types.ts";

export { ORDER_STATUSES, type OrderStatus };

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
