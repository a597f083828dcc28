import { defineConfig, devices } from "@playwright/test";

/**
 * End-to-end tests drive the machine's Chromium (Playwright cannot download its own here)
 * against the production build, started on a fresh data directory for every run.
 */
const port = Number(process.env.E2E_PORT ?? 3210);
export const baseURL = `http://localhost:${port}`;
/** The local OpenID provider that stands in for Google (tests/support/oidc-server.ts). */
const oidcPort = Number(process.env.E2E_OIDC_PORT ?? 3211);
export const oidcURL = `http://localhost:${oidcPort}`;
const executablePath = process.env.CHROME_PATH || "/usr/bin/chromium";

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  // Two, as on the CI machines (Playwright would take half the cores: one worker on two cores).
  workers: Number(process.env.E2E_WORKERS) || 2,
  retries: 0,
  forbidOnly: true,
  reporter: process.env.CI ? [["list"]] : [["list"]],
  timeout: 30_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL,
    locale: "id-ID",
    trace: "retain-on-failure",
    launchOptions: {
      executablePath,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    },
  },
  projects: [
    { name: "chromium", use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 } } },
  ],
  webServer: [
    {
      command: "bash scripts/e2e-server.sh",
      url: `${baseURL}/beranda`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: {
        PORT: String(port),
        GOOGLE_CLIENT_ID: "nyala-e2e",
        GOOGLE_CLIENT_SECRET: "rahasia-e2e",
        GOOGLE_ISSUER: oidcURL,
      },
      stdout: "ignore",
      stderr: "pipe",
    },
    {
      command: "node tests/support/oidc-server.ts",
      url: `${oidcURL}/.well-known/openid-configuration`,
      reuseExistingServer: false,
      timeout: 30_000,
      env: { E2E_OIDC_PORT: String(oidcPort) },
      stdout: "ignore",
      stderr: "pipe",
    },
  ],
});
