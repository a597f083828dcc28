import { spawn, type ChildProcess } from "node:child_process";
import { rm } from "node:fs/promises";
import path from "node:path";
import type { Browser, BrowserContext, Page } from "@playwright/test";
import { createAccount, logIn } from "../auth-helpers.ts";
import { test } from "./fixtures.ts";

/**
 * A production server of its own for a spec that changes the shared catalog (prices, sold-out
 * items, promos, slides, store settings): the other specs run in parallel against the main e2e
 * server and assert its exact seed data, so such changes must not reach it. Same build
 * (BUILD_DIR), fresh data directory, started by scripts/e2e-server.sh like the main one.
 */
export interface PrivateServer {
  baseURL: string;
  /** The server process (the scripts exec node: the child is the server). */
  pid: number;
  /** Its data directory (DATA_DIR). */
  dataDir: string;
  /** Stops the server; its data directory is removed unless `keepData` (a restart follows). */
  stop(options?: { keepData?: boolean }): Promise<void>;
}

/** A port per checkout session: the main e2e port plus `offset`. */
export const privatePort = (offset: number) => Number(process.env.E2E_PORT ?? 3210) + offset;

export async function startPrivateServer(
  port: number,
  env: Record<string, string> = {},
  { keepData = false }: { keepData?: boolean } = {},
): Promise<PrivateServer> {
  const dataDir = path.resolve(`.e2e-data-private-${port}`);
  const child: ChildProcess = spawn("bash", ["scripts/e2e-server.sh"], {
    env: {
      ...process.env,
      PORT: String(port),
      E2E_DATA_DIR: dataDir,
      ...(keepData ? { E2E_KEEP_DATA: "1" } : {}),
      ...env,
    },
    stdio: ["ignore", "ignore", "inherit"],
    detached: true,
  });
  const baseURL = `http://localhost:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`private e2e server exited with ${child.exitCode}`);
    try {
      const response = await fetch(`${baseURL}/beranda`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error("private e2e server did not start within 60 s");
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    baseURL,
    pid: child.pid!,
    dataDir,
    async stop({ keepData: keep = false } = {}) {
      if (child.exitCode === null && child.pid) {
        const exited = new Promise((resolve) => child.once("exit", resolve));
        process.kill(-child.pid, "SIGTERM");
        await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
      }
      if (!keep) await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * For a spec whose tests run one after the other against a private server (the port's `offset`)
 * with one admin: registers the hooks that start the server, sign the admin in once and stop
 * it. `adminPage` opens a browser context of its own signed in as that admin, beside the
 * customer's `page`.
 */
export function privateServerWithAdmin(
  offset: number,
  email: string,
  nama: string,
  env: Record<string, string> = {},
) {
  const port = privatePort(offset);
  let server: PrivateServer | undefined;
  let adminState: Awaited<ReturnType<BrowserContext["storageState"]>>;

  test.use({ baseURL: `http://localhost:${port}` });
  test.describe.configure({ mode: "serial" });

  test.beforeAll(async ({ browser, playwright }) => {
    test.setTimeout(120_000);
    server = await startPrivateServer(port, {
      ADMIN_EMAILS: email,
      RATE_LIMIT_ORDER_ADDRESS: "1000",
      ...env,
    });
    const request = await playwright.request.newContext({ baseURL: server.baseURL });
    await createAccount(request, email, nama);
    await request.dispose();
    const context = await browser.newContext({ baseURL: server.baseURL, locale: "id-ID" });
    await logIn(await context.newPage(), email);
    adminState = await context.storageState();
    await context.close();
  });

  test.afterAll(async () => {
    await server?.stop();
  });

  return {
    async adminPage(browser: Browser): Promise<Page> {
      const context = await browser.newContext({
        baseURL: server!.baseURL,
        storageState: adminState,
        locale: "id-ID",
      });
      return context.newPage();
    },
  };
}
