import { ClockIcon } from "~/ui/icons.tsx";
import type { StoreSettings } from "./settings.server.ts";

// While "Toko sibuk", that and until when; else, when closed, when the store opens (ordering still works).
export function StoreHoursNotice({
  store,
  className = "",
}: {
  store: Pick<StoreSettings, "status" | "reopening" | "busy" | "busyText">;
  className?: string;
}) {
  if (store.status.open && !store.busy) return null;
  return (
    <div
      className={`flex items-start gap-3 rounded-2xl border border-amber-300 bg-amber-50 p-4 text-amber-950 ${className}`}
      data-testid={store.busy ? "store-busy" : "store-closed"}
    >
      <ClockIcon className="mt-0.5 size-5 shrink-0 text-amber-700" />
      <p className="text-sm">
        <strong className="font-extrabold">{store.busy ? store.busyText : store.reopening}</strong>{" "}
        {store.busy
          ? "Kamu tetap bisa melihat menu dan mengisi keranjang."
          : "Kamu tetap bisa memesan sekarang; pesananmu kami proses saat toko buka."}
      </p>
    </div>
  );
}
