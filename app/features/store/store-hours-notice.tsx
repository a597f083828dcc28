import { ClockIcon } from "~/components/ui/icons.tsx";
import type { StoreSettings } from "./settings.server.ts";

/**
 * Outside opening hours: says when the store opens again, and that ordering still works. The
 * open/closed state is the server's, taken when the page was rendered (root loader).
 */
export function StoreHoursNotice({
  store,
  className = "",
}: {
  store: Pick<StoreSettings, "status" | "reopening">;
  className?: string;
}) {
  if (store.status.open) return null;
  return (
    <div
      className={`flex items-start gap-3 rounded-2xl border border-amber-300 bg-amber-50 p-4 text-amber-950 ${className}`}
      data-testid="store-closed"
    >
      <ClockIcon className="mt-0.5 size-5 shrink-0 text-amber-700" />
      <p className="text-sm">
        <strong className="font-extrabold">{store.reopening}</strong> Kamu tetap bisa memesan sekarang;
        pesananmu kami proses saat toko buka.
      </p>
    </div>
  );
}
