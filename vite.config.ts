import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

/**
 * The browser's chunks of the storefront, by the pages that load them (docs/decisions/0042):
 * "shared", what every page runs (the root, the site shell, the cart count, meta tags); "menu",
 * the dish cards and "Tambah" (the dish pages); "dish-parts", a dish's picture and levels (also
 * the cart's lines, loaded with them); "forms", the form pattern's hook and fields; "sign-in", the
 * rules /masuk and /daftar share; "checkout", the small parts both checkouts run. The first group a
 * module matches takes it. Not the checkout's fields nor the spice-level dialog and its choices:
 * they load with their page or at the first tap.
 */
const shellModule =
  /[\\/]app[\\/](root\.tsx|ui[\\/]icons\.tsx|components[\\/](?!social-links)[^\\/]+\.tsx|features[\\/]cart[\\/](cart-count|cart-writer|cart-form|stored-cart-key)\.tsx?|features[\\/]catalog[\\/]spice-levels\.ts|features[\\/]store[\\/](contact\.ts|store-hours-notice\.tsx)|lib[\\/](meta|use-hydrated|lazy-component|visitor-island|whatsapp|format|form-answer)\.ts)$/;
const dishPartModule =
  /[\\/]app[\\/]features[\\/](catalog[\\/](spice-level-icons|spice-levels|level-name)|media[\\/]images)\.tsx?$/;
// Only what the dish pages run: the admin's schemas, the opening hours and payment labels stay out.
const menuModule =
  /[\\/]app[\\/](ui[\\/]picture-box|features[\\/](catalog|cart|store|storefront)[\\/](?!spice-level-(?:picker|choices)|note-drafts|opening-hours|portions\.|payment-|order-|settings-|lead-time|category-|menu-item-schema|ranking-|slide-|contact-form)[^\\/]+)\.tsx?$/;
const formModule =
  /[\\/]app[\\/](ui[\\/]form-fields|lib[\\/](use-enhanced-form|form-errors|single-line))\.tsx?$/;
// The checkout's small modules that /keranjang and /keranjang/pesan share, in one file.
const checkoutModule =
  /[\\/]app[\\/]features[\\/](checkout[\\/](whatsapp-tab|checkout-details-check)|orders[\\/]order-fields|payments[\\/]payment-labels)\.ts$/;
const signInModule = /[\\/]app[\\/]features[\\/]accounts[\\/](auth-rules|auth-form-parts)\.tsx?$/;

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  resolve: { tsconfigPaths: true },
  // Bundling drizzle-orm into the server build: importing it from node_modules on Node 24 costs
  // about a second of start-up and 150 MB of RSS (STACK-NOTES.md).
  ssr: { noExternal: ["drizzle-orm"] },
  // One chunk for React and React Router in the browser: left to itself the bundler splits them
  // differently as pages are added, and every extra chunk costs bytes and a request.
  // The hydration starter hints this chunk first, by its name (deferred-hydration.server.ts).
  // Three chunks, too, for the storefront's modules that several pages share (above): left to
  // itself the bundler cut them into a dozen files of 1–3 KB, and each file the browser fetches
  // costs a phone's main thread about a millisecond before the page hydrates, and gzip bytes.
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
