import type { ReactNode } from "react";
import { Link } from "react-router";

// A link to the dish's quick checkout (0038): the checkout's code loads at the tap, not with the storefront.
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
