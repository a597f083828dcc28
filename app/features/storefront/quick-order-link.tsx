import { lazy, Suspense, useState, type ReactNode } from "react";
import { quickOrderPath } from "~/features/orders/quick-order.ts";

/** The quick checkout's dialog is fetched at the first tap, not with the page (0029's budget). */
const QuickOrderDialog = lazy(() =>
  import("~/features/orders/quick-order-dialog.tsx").then((module) => ({ default: module.QuickOrderDialog })),
);

/**
 * "Pesan" on a card or a slide (docs/decisions/0038-quick-checkout.md): a plain link to the
 * dish's quick checkout page; with JavaScript the same checkout opens in a dialog.
 */
export function QuickOrderLink({
  menuId,
  className,
  children,
}: {
  menuId: string;
  className: string;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <a
        href={quickOrderPath(menuId)}
        className={className}
        onClick={(event) => {
          if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
          event.preventDefault();
          setOpen(true);
        }}
      >
        {children}
      </a>
      {open ? (
        <Suspense fallback={null}>
          <QuickOrderDialog menuId={menuId} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
