import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  resolve: { tsconfigPaths: true },
  // Bundling drizzle-orm into the server build: importing it from node_modules on Node 24 costs
  // about a second of start-up and 150 MB of RSS (STACK-NOTES.md).
  ssr: { noExternal: ["drizzle-orm"] },
  // One chunk for React and React Router in the browser: left to itself the bundler splits them
  // differently as pages are added, and every extra chunk costs bytes and a request.
  // The hydration starter hints this chunk first, by its name (deferred-hydration.server.ts).
  environments: {
    client: {
      build: {
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                { name: "framework", test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/ },
              ],
            },
          },
        },
      },
    },
  },
});
