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
