import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // BUILD_DIR lets two builds of this checkout live side by side (default: build/).
  buildDirectory: process.env.BUILD_DIR || "build",
} satisfies Config;
