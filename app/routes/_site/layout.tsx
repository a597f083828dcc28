import { Link, Outlet } from "react-router";
import { SiteHeader } from "~/components/site-header.tsx";
import { firstUseComponent } from "~/lib/lazy-component.ts";
import { useRootData } from "~/root.tsx";

/** The footer has nothing to do before the first tap: its code comes then (decision 0042). */
const SiteFooter = firstUseComponent(() => import("~/components/site-footer.tsx"));

/** After a "Tambah" without JavaScript the page comes back with `?ditambahkan=`: say what was added. */
function AddedNotice() {
  const { added } = useRootData();
  if (!added) return null;
  return (
    <div className="mx-auto mt-4 max-w-6xl px-4">
      <p
        role="status"
        className="flex flex-wrap items-center justify-between gap-2 rounded-2xl border border-green-200 bg-green-50 px-4 py-3 text-sm font-semibold text-green-900"
        data-testid="added-notice"
      >
        {added} ditambahkan ke keranjang.
        <Link to="/keranjang" className="font-bold text-green-900 underline underline-offset-4">
          Lihat keranjang
        </Link>
      </p>
    </div>
  );
}

export default function SiteLayout() {
  const { store } = useRootData();
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#konten"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:p-2"
      >
        Langsung ke konten
      </a>
      <SiteHeader brand={store.brand} />
      <AddedNotice />
      <main id="konten" className="flex-1">
        <Outlet />
      </main>
      <SiteFooter store={store} />
    </div>
  );
}
