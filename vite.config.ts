import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

// Storefront browser chunks by the pages that load them (0042); a module goes to the first group it matches.
// The checkout's fields and the spice-level dialog stay out: they load with their page or at the first tap.
const shellModule =
  /[\\/]app[\\/](root\.tsx|ui[\\/]icons\.tsx|components[\\/](?!social-links)[^\\/]+\.tsx|features[\\/]cart[\\/](cart-count|cart-writer|cart-form|stored-cart-key)\.tsx?|features[\\/]store[\\/]store-hours-notice\.tsx|lib[\\/](meta|use-hydrated|lazy-component|visitor-island|format|form-answer)\.ts)$/;
const dishPartModule =
  /[\\/]app[\\/]features[\\/](catalog[\\/](spice-level-icons|spice-levels|level-name)|media[\\/]images)\.tsx?$/;
// Only what the dish pages run: the admin's schemas, the opening hours and payment labels stay out.
const menuModule =
  /[\\/]app[\\/](ui[\\/]picture-box|features[\\/](catalog|cart|store|storefront)[\\/](?!spice-level-(?:picker|choices)|note-drafts|opening-hours|portions\.|payment-|order-|settings-|lead-time|category-|menu-item-schema|ranking-|slide-|contact)[^\\/]+)\.tsx?$/;
const formModule =
  /[\\/]app[\\/](ui[\\/]form-fields|lib[\\/](use-enhanced-form|form-errors|single-line))\.tsx?$/;
// The checkout's small modules that /keranjang and /keranjang/pesan share, in one file.
const checkoutModule =
  /[\\/]app[\\/]features[\\/](checkout[\\/](whatsapp-tab|checkout-details-check)|orders[\\/]order-fields|payments[\\/]payment-labels)\.ts$/;
const signInModule = /[\\/]app[\\/]features[\\/]accounts[\\/](auth-rules|auth-form-parts)\.tsx?$/;

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  resolve: { tsconfigPaths: true },
  // drizzle-orm bundled into the server build: imported from node_modules on Node 24 it slows the start and
  // costs memory.
  ssr: { noExternal: ["drizzle-orm"] },
  // One "framework" chunk, which the hydration starter hints first by its name; left to itself the bundler
  // splits it and the shared modules into many small files, each costing a request and main-thread time.
  environments: {
    client: {
      build: {
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                { name: "framework", test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/ },
                { name: "shared", test: shellModule, minShareCount: 2 },
                { name: "dish-parts", test: dishPartModule, minShareCount: 2 },
                { name: "menu", test: menuModule, minShareCount: 2 },
                { name: "forms", test: formModule, minShareCount: 2 },
                { name: "checkout", test: checkoutModule, minShareCount: 2 },
                { name: "sign-in", test: signInModule, minShareCount: 2 },
              ],
            },
          },
        },
      },
    },
  },
});
