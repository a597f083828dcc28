import type { CartLineView } from "./cart.ts";
import { CartLineItem } from "./cart-line-item.tsx";

// Until their code arrives (fetched as the page hydrates), each button still works as the plain form it is.
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
