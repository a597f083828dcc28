import js from "@eslint/js";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import importX from "eslint-plugin-import-x";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/**
 * The code's layers (docs/decisions/0012-code-by-domain.md): imports run one way,
 * database → lib → components/ui → features → components (site shell) → routes, never back.
 */
const ui = "./app/components/ui";
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
    except: ["./lib/body-limit.ts"],
    message: "The server runs outside the app bundle: it reads the app through its build, not its source.",
  },
  {
    target: "./app/lib",
    from: ["./app/features", "./app/components", "./app/routes", "./app/root.tsx"],
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
    except: ["./ui"],
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
    except: ["./ui"],
    message: "Features may use UI primitives (components/ui), not the site shell.",
  },
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
);
