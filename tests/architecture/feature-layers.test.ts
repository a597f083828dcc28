import { ESLint } from "eslint";
import { describe, expect, test } from "vitest";

/** Lints one made-up module as if it lived at `filePath`, with the project's own configuration. */
async function restrictedImports(filePath: string, code: string) {
  const eslint = new ESLint({ cwd: process.cwd() });
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((message) => message.ruleId === "import-x/no-restricted-paths");
}

describe("feature folders depend one way (eslint.config.js FEATURE_LAYERS)", () => {
  test("a feature importing one above it fails lint, even when no file cycle exists", async () => {
    const refused = await restrictedImports(
      "app/features/accounts/made-up.ts",
      'import { cartCount } from "../cart/cart.ts";\nexport const x = cartCount;\n',
    );
    expect(refused).toHaveLength(1);
    expect(refused[0]!.message).toMatch(/features\/accounts may import only the feature folders below it/);
  });

  test("two features of one row may not import each other", async () => {
    const refused = await restrictedImports(
      "app/features/audit/made-up.ts",
      'import { notifyAdmins } from "../notifications/notifications.server.ts";\nexport const x = notifyAdmins;\n',
    );
    expect(refused).toHaveLength(1);
  });

  test("a feature importing one below it passes", async () => {
    const refused = await restrictedImports(
      "app/features/orders/made-up.ts",
      'import { cartCount } from "../cart/cart.ts";\nexport const x = cartCount;\n',
    );
    expect(refused).toEqual([]);
  });

  test("promotions sit above catalog: catalog may not import them, promotions may import catalog", async () => {
    const refused = await restrictedImports(
      "app/features/catalog/made-up.ts",
      'import { readRule } from "../promotions/rule.ts";\nexport const x = readRule;\n',
    );
    expect(refused).toHaveLength(1);
    const allowed = await restrictedImports(
      "app/features/promotions/made-up.ts",
      'import { getActiveSlides } from "../catalog/catalog.server.ts";\nexport const x = getActiveSlides;\n',
    );
    expect(allowed).toEqual([]);
  });

  test("promotions return adjustments to pricing and never import it", async () => {
    const refused = await restrictedImports(
      "app/features/promotions/made-up.ts",
      'import { priceCart } from "../pricing/pricing.ts";\nexport const x = priceCart;\n',
    );
    expect(refused).toHaveLength(1);
    const allowed = await restrictedImports(
      "app/features/pricing/made-up.ts",
      'import { promoAdjustments } from "../promotions/adjustments.ts";\nexport const x = promoAdjustments;\n',
    );
    expect(allowed).toEqual([]);
  });

  test("sub-folders of one feature depend one way (SUBFOLDER_LAYERS)", async () => {
    const upward = await restrictedImports(
      "app/features/kitchen/printing/made-up.ts",
      'import { OrderCard } from "../board/order-card.tsx";\nexport const x = OrderCard;\n',
    );
    expect(upward).toHaveLength(1);
    expect(upward[0]!.message).toMatch(
      /features\/kitchen\/printing may import only the parts of kitchen below it/,
    );
    const rootUp = await restrictedImports(
      "app/features/order-pages/made-up.ts",
      'import { OrderPage } from "./customer/order-page.tsx";\nexport const x = OrderPage;\n',
    );
    expect(rootUp).toHaveLength(1);
    const downward = await restrictedImports(
      "app/features/kitchen/board/made-up.ts",
      'import { useAutoPrint } from "../printing/use-auto-print.ts";\nexport const x = useAutoPrint;\n',
    );
    expect(downward).toEqual([]);
  });

  test("UI primitives and lib import no feature", async () => {
    for (const filePath of ["app/ui/made-up.tsx", "app/lib/made-up.ts"]) {
      const refused = await restrictedImports(
        filePath,
        'import { cartCount } from "~/features/cart/cart.ts";\nexport const x = cartCount;\n',
      );
      expect(refused, filePath).toHaveLength(1);
    }
  });
});
