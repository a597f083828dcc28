import type { ReactNode } from "react";
import { Link } from "react-router";

/**
 * "Pesan" on a card or a slide (docs/decisions/0038-quick-checkout.md): a link to the dish's
 * quick checkout page (routes/_site/keranjang-pesan.tsx); with JavaScript a client navigation,
 * so the checkout's code loads at the tap and costs the storefront's pages nothing.
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
  return (
    <Link to={`/keranjang/pesan/${menuId}`} className={className}>
      {children}
    </Link>
  );
}
