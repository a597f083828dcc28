import js from "@eslint/js";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import importX from "eslint-plugin-import-x";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/**
 * The code's layers (docs/decisions/0026-feature-layers.md): imports run one way,
 * database → lib → ui → features (in FEATURE_LAYERS order) → components (site shell) → routes.
 */
const ui = "./app/ui";

// Feature folders from the bottom up: a feature imports only earlier rows, never its own row or a later one.
export const FEATURE_LAYERS = [
  ["audit", "notifications", "media"],
  ["accounts"],
  ["store"],
  ["catalog"],
  // Rules, cards and admin of promos; they return adjustments to pricing (0054).
  ["promotions"],
  // The one total (lines − adjustments + charges), the menu it prices from (0054).
  ["pricing"],
  ["cart"],
  // The order record: codes, statuses, rows, view tokens, live notices.
  ["orders"],
  ["payments"],
  // Placing an order: details, recording, pending order, quick checkout, WhatsApp.
  ["checkout"],
  // The board, printing and the counter; the reports.
  ["kitchen", "reports"],
  // Pages composed of the features below: order pages, storefront cards, the admin's shell,
  // Web Push to the admins' devices (0036).
  ["order-pages", "storefront", "admin", "push"],
];

// Sub-folders of a feature from the bottom up (`.` is its own files): a sub-folder imports only earlier ones.
export const SUBFOLDER_LAYERS = {
  kitchen: ["live", "printing", "counter", "board"],
  "order-pages": [".", "customer", "admin"],
};

const featureZones = FEATURE_LAYERS.flatMap((row, index) =>
  row.map((feature) => ({
    target: `./app/features/${feature}`,
    from: FEATURE_LAYERS.slice(index)
      .flat()
      .filter((other) => other !== feature)
      .map((other) => `./app/features/${other}`),
    message: `features/${feature} may import only the feature folders below it (FEATURE_LAYERS in eslint.config.js).`,
  })),
).filter((zone) => zone.from.length > 0);
const part = (feature, sub) => `./app/features/${feature}/${sub === "." ? "*.{ts,tsx}" : `${sub}/**`}`;
const subfolderZones = Object.entries(SUBFOLDER_LAYERS).flatMap(([feature, subs]) =>
  subs.slice(0, -1).map((sub, index) => ({
    target: part(feature, sub),
    from: subs.slice(index + 1).map((above) => part(feature, above)),
    message: `features/${feature}/${sub} may import only the parts of ${feature} below it (SUBFOLDER_LAYERS in eslint.config.js).`,
  })),
);
const boundaries = [
  {
    target: "./database",
    from: ["./app", "./server"],
    message: "database/ imports nothing from app/ or server/.",
  },
  { target: "./app", from: "./server", message: "The app does not import the server around it." },
  {
    target: "./server",
    from: "./app",
    except: ["./lib/body-limit.ts", "./lib/client-address.ts", "./lib/accept-encoding.ts"],
    message: "The server runs outside the app bundle: it reads the app through its build, not its source.",
  },
  {
    target: "./app/lib",
    from: ["./app/features", "./app/components", "./app/routes", "./app/root.tsx", ui],
    message: "app/lib knows no domain: it may import only lib and database.",
  },
  {
    target: ui,
    from: ["./app/features", "./app/routes", "./app/root.tsx"],
    message: "UI primitives know no domain.",
  },
  {
    target: ui,
    from: "./app/components",
    message: "UI primitives do not import the site shell.",
  },
  {
    target: "./app/features",
    from: ["./app/routes", "./app/root.tsx"],
    message: "Features do not import routes: pass what a route knows as arguments or props.",
  },
  {
    target: "./app/features",
    from: "./app/components",
    message: "Features may use UI primitives (app/ui), not the site shell.",
  },
  ...featureZones,
  ...subfolderZones,
  { target: "./app/components", from: "./app/routes", message: "The site shell does not import routes." },
];

export default tseslint.config(
  {
    ignores: [
      "build/",
      "build-*/",
      "bench-results/",
      "backups/",
      ".e2e-data*/",
      ".react-router/",
      ".tools/",
      "node_modules/",
      "data/",
      ".e2e-data/",
      "test-results/",
      "public/",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
    },
  },
  {
    files: ["app/**/*.{ts,tsx}", "database/**/*.ts", "server/**/*.ts"],
    plugins: { "import-x": importX },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      "import-x/resolver-next": [createTypeScriptImportResolver()],
    },
    rules: {
      "import-x/no-restricted-paths": ["error", { zones: boundaries }],
      "import-x/no-cycle": "error",
    },
  },
  {
    files: ["**/*.{js,mjs,cjs}"],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    // The admin app's service worker (served by routes/resources/admin-service-worker.tsx).
    files: ["app/features/push/service-worker.js"],
    languageOptions: { globals: { ...globals.serviceworker } },
  },
);
