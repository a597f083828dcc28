import { ClockIcon } from "~/components/ui/icons.tsx";
import type { StoreSettings } from "./settings.server.ts";

/**
 * "Toko sibuk": while the owner paused new orders, every storefront page says so and until when
 * (the server's state when the page was rendered, root loader). Checkout refuses meanwhile.
 */
export function StoreBusyNotice({ store }: { store: Pick<StoreSettings, "busy" | "busyText"> }) {
  if (!store.busy) return null;
  return (
    <div className="mx-auto mt-4 max-w-6xl px-4" data-testid="store-busy">
      <div
        role="status"
        className="flex items-start gap-3 rounded-2xl border border-amber-400 bg-amber-50 p-4 text-amber-950"
      >
        <ClockIcon className="mt-0.5 size-5 shrink-0 text-amber-700" />
        <p className="text-sm">
          <strong className="font-extrabold">{store.busyText}</strong> Kamu tetap bisa melihat menu dan
          mengisi keranjang.
        </p>
      </div>
    </div>
  );
}
