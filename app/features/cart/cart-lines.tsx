import type { CartLineView } from "./cart.ts";
import { CartLineItem } from "./cart-line-item.tsx";

/**
 * The cart page's lines. The server renders them with the page; in the browser their code is
 * fetched as the page hydrates (keranjang.tsx), and until it arrives each button still works as
 * the plain form it is.
 */
export default function CartLines({
  lines,
  onProblem,
}: {
  lines: CartLineView[];
  onProblem(message: string): void;
}) {
  return (
    <ul className="mt-6 space-y-4" aria-label="Isi keranjang">
      {lines.map((line) => (
        <CartLineItem key={line.key} line={line} onProblem={onProblem} />
      ))}
    </ul>
  );
}
