/** A board card's marks: taken by hand (_Kasir_), changed (_Diubah_), and the way to change it (0039). */
import { Link } from "react-router";
import type { OrderStatus } from "../../orders/order-status.ts";
import { adminOrderPath } from "../printing/print-api.ts";
import { EDITABLE_STATUSES } from "./order-edit-rules.ts";

interface Marked {
  code: string;
  status: OrderStatus;
  source: "online" | "kasir";
  version: number;
}

/** `editable`: the viewer's role may open the order's page (not the kitchen's). */
export function OrderMarks({ order, editable = true }: { order: Marked; editable?: boolean }) {
  return (
    <p className="mt-1 flex flex-wrap items-center gap-2 text-xs font-bold">
      <span
        className={`rounded-full px-2 py-0.5 ${order.source === "kasir" ? "bg-violet-100 text-violet-900" : "bg-stone-100 text-stone-700"}`}
        data-testid="order-source"
      >
        {order.source === "kasir" ? "Kasir" : "Online"}
      </span>
      {order.version > 1 ? (
        <span className="rounded-full bg-amber-100 px-2 py-0.5 text-amber-900" data-testid="order-changed">
          Diubah · versi {order.version}
        </span>
      ) : null}
      {editable && EDITABLE_STATUSES.includes(order.status) ? (
        <Link to={`${adminOrderPath(order.code)}#ubah-pesanan`} className="text-chili-700 underline">
          Ubah pesanan
        </Link>
      ) : null}
    </p>
  );
}
