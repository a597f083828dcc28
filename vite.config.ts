import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  resolve: { tsconfigPaths: true },
  // Bundling drizzle-orm into the server build: importing it from node_modules on Node 24 costs
  // about a second of start-up and 150 MB of RSS (STACK-NOTES.md).
  ssr: { noExternal: ["drizzle-orm"] },
});
