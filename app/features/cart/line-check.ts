// The one check of cart lines against the menu: the cart page, the checkout and the recording ask it (0028).
import { CART_MESSAGES } from "./cart-messages.ts";
import { lineProblem, type CartLineView, type CatalogEntry, type LineProblem } from "./cart.ts";

export interface LineRefusal {
  ok: false;
  status: 400 | 409;
  message: string;
}

const REFUSALS: Record<LineProblem, (nama: string) => Omit<LineRefusal, "ok">> = {
  hilang: () => ({ status: 409, message: CART_MESSAGES.unknownItem }),
  habis: (nama) => ({ status: 409, message: CART_MESSAGES.soldOut(nama) }),
  "tanpa-level": (nama) => ({ status: 400, message: CART_MESSAGES.levelNotAllowed(nama) }),
  "pilih-level": (nama) => ({ status: 400, message: CART_MESSAGES.levelRequired(nama) }),
};

export const lineRefusal = (problem: LineProblem, nama: string): LineRefusal => ({
  ok: false,
  ...REFUSALS[problem](nama),
});

// Sold-out lines alone do not block: they stay in the cart, out of the order.
export function orderBlock(lines: readonly CartLineView[]): LineRefusal | null {
  if (lines.length === 0) return { ok: false, status: 400, message: CART_MESSAGES.empty };
  const missingLevel = lines.find((line) => line.problem === "pilih-level");
  if (missingLevel) return lineRefusal("pilih-level", missingLevel.nama);
  if (lines.every((line) => line.problem === "habis")) {
    return { ok: false, status: 409, message: CART_MESSAGES.allSoldOut };
  }
  return null;
}

export function checkLines<Line extends { id: string; level?: number | null }>(
  lines: readonly Line[],
  menu: ReadonlyMap<string, CatalogEntry>,
): { ok: true; lines: (Line & { entry: CatalogEntry })[] } | LineRefusal {
  const checked: (Line & { entry: CatalogEntry })[] = [];
  for (const line of lines) {
    const entry = menu.get(line.id);
    const problem = lineProblem(line, entry);
    if (problem) return lineRefusal(problem, entry?.nama ?? line.id);
    checked.push({ ...line, entry: entry! });
  }
  return { ok: true, lines: checked };
}
