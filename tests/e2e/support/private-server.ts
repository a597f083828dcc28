import { spawn, type ChildProcess } from "node:child_process";
import { rm } from "node:fs/promises";
import path from "node:path";

/**
 * A production server of its own for a spec that changes the shared catalog (prices, sold-out
 * items, promos, slides, store settings): the other specs run in parallel against the main e2e
 * server and assert its exact seed data, so such changes must not reach it. Same build
 * (BUILD_DIR), fresh data directory, started by scripts/e2e-server.sh like the main one.
 */
export interface PrivateServer {
  baseURL: string;
  stop(): Promise<void>;
}

/** A port per checkout session: the main e2e port plus `offset`. */
export const privatePort = (offset: number) => Number(process.env.E2E_PORT ?? 3210) + offset;

export async function startPrivateServer(
  port: number,
  env: Record<string, string> = {},
): Promise<PrivateServer> {
  const dataDir = path.resolve(`.e2e-data-private-${port}`);
  const child: ChildProcess = spawn("bash", ["scripts/e2e-server.sh"], {
    env: { ...process.env, PORT: String(port), E2E_DATA_DIR: dataDir, ...env },
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
    async stop() {
      if (child.exitCode === null && child.pid) {
        const exited = new Promise((resolve) => child.once("exit", resolve));
        process.kill(-child.pid, "SIGTERM");
        await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
      }
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
