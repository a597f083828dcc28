/** The board's way to _Pesanan kasir_ (0039). */
import { Link } from "react-router";

export function HandOrderLink() {
  return (
    <Link to="/admin/pesanan/kasir" className="btn-primary mb-3" data-testid="hand-order-link">
      + Pesanan kasir
    </Link>
  );
}
