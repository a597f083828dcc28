import { Outlet } from "react-router";
import { useCart } from "~/features/cart/cart-provider.tsx";
import { CloseIcon } from "~/components/ui/icons.tsx";
import { SiteFooter } from "~/components/site-footer.tsx";
import { SiteHeader } from "~/components/site-header.tsx";
import { useRootData } from "~/root.tsx";

function CartNotices() {
  const { notices, dismissNotices } = useCart();
  if (notices.length === 0) return null;
  return (
    <div role="status" className="mx-auto mt-4 max-w-6xl px-4">
      <div className="flex items-start gap-3 rounded-2xl border border-saffron-400 bg-amber-50 p-4 text-sm text-amber-900">
        <ul className="flex-1 list-disc space-y-1 pl-4">
          {notices.map((notice) => (
            // A price never breaks between "Rp" and its number.
            <li key={notice}>{notice.replaceAll("Rp ", "Rp\u00a0")}</li>
          ))}
        </ul>
        <button
          type="button"
          onClick={dismissNotices}
          className="inline-flex size-8 items-center justify-center rounded-full hover:bg-amber-100"
          aria-label="Tutup pemberitahuan"
        >
          <CloseIcon className="size-4" />
        </button>
      </div>
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
      <CartNotices />
      <main id="konten" className="flex-1">
        <Outlet />
      </main>
      <SiteFooter store={store} />
    </div>
  );
}
