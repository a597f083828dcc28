// _Pesanan diubah_ on the order page, live; a newer version than the page's lines reloads them (0039).
import { useEffect } from "react";
import { useRevalidator } from "react-router";
import type { OrderLiveState } from "../order-page-data.server.ts";

export function OrderChanged({ live, shownVersion }: { live: OrderLiveState; shownVersion: number }) {
  const { revalidate } = useRevalidator();
  useEffect(() => {
    if (live.version > shownVersion) void revalidate();
  }, [live.version, shownVersion, revalidate]);
  const edit = live.edit;
  if (!edit) return null;
  return (
    <section
      className="card mt-4 border-2 border-amber-400 p-5"
      aria-live="polite"
      data-testid="order-changed"
    >
      <h2 className="text-lg font-extrabold">Pesanan diubah</h2>
      <p className="text-sm text-stone-600">Diubah oleh restoran pukul {edit.time}.</p>
      <ul className="mt-2 list-disc pl-5">
        {edit.changes.map((change) => (
          <li key={change}>{change}</li>
        ))}
      </ul>
      <p className="mt-2 font-bold" data-testid="order-changed-total">
        Total baru: {edit.total}
        {edit.totalBefore === edit.total ? "" : ` (sebelumnya ${edit.totalBefore})`}
      </p>
    </section>
  );
}
