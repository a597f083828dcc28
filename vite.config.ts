import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

/**
 * Components of the storefront's pages (the "shared" chunk below takes those used by two or more).
 * Not the orders' checkout (the cart page and /pesanan only) nor the spice-level dialog and its
 * choices (fetched at the first tap on a dish with levels; the level page): in this chunk every
 * page would load them. The footer's chat link (lib/whatsapp.ts) too: alone it is one more file.
 */
const storefrontComponent =
  /[\\/]app[\\/](ui[\\/](icons|picture-box)|components[\\/][^\\/]+|features[\\/](catalog|cart|store|storefront)[\\/](?!spice-level-(?:picker|choices))[^\\/]+|features[\\/]accounts[\\/]logout-button)\.tsx$|[\\/]app[\\/]lib[\\/]whatsapp\.ts$/;

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  resolve: { tsconfigPaths: true },
  // Bundling drizzle-orm into the server build: importing it from node_modules on Node 24 costs
  // about a second of start-up and 150 MB of RSS (STACK-NOTES.md).
  ssr: { noExternal: ["drizzle-orm"] },
  // One chunk for React and React Router in the browser: left to itself the bundler splits them
  // differently as pages are added, and every extra chunk costs bytes and a request.
  // The hydration starter hints this chunk first, by its name (deferred-hydration.server.ts).
  // One chunk, too, for the components that several pages share (header, footer, product card,
  // icons, cart…): left to itself the bundler cut them into a dozen files of 1–3 KB, and each file
  // the browser fetches costs a phone's main thread about a millisecond before the page hydrates.
  // The storefront's components are the site shell, its UI primitives and the components of the
  // storefront features; admin and sign-in components stay with their pages. The admin pages load
  // this chunk too (the logout button is in both headers).
  environments: {
    client: {
      build: {
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                { name: "framework", test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/ },
                { name: "shared", test: storefrontComponent, minShareCount: 2 },
              ],
            },
          },
        },
      },
    },
  },
});
