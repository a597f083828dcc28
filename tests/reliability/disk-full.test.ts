import { execFileSync } from "node:child_process";
import { closeSync, openSync, writeSync } from "node:fs";
import { mkdtemp, rm, rmdir } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { storedOrders } from "./one-box-support.ts";
import { attemptOrder, startServer, type OrderAttempt } from "./servers.ts";

/**
 * A full disk under the embedded database (issue #26): the data folder sits on a tmpfs of its
 * own, 160 MB (the prepared database takes about 40), which the test fills with a file until the
 * kernel says ENOSPC: PGlite's real writes fail the way they would on a full VPS disk
 * ("could not extend file …", SQLSTATE 53100). Mounting needs root (the suite runs as root here);
 * injecting ENOSPC inside the app instead would test the injection, not PGlite.
 */
const MOUNT_MB = 160;
let mountPoint: string | undefined;

afterAll(async () => {
  if (!mountPoint) return;
  execFileSync("umount", [mountPoint]);
  await rmdir(mountPoint);
});

function fillDisk(file: string) {
  const fd = openSync(file, "w");
  const block = Buffer.alloc(1024 * 1024);
  try {
    for (const size of [block.length, 4096]) {
      try {
        for (;;) writeSync(fd, block, 0, size);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "ENOSPC") throw error;
      }
    }
  } finally {
    closeSync(fd);
  }
}

describe("a full disk under the embedded database", () => {
  it("checkout answers a clear Indonesian 503 (never a bare 500), /healthz says degraded, and orders resume once there is room", async () => {
    if (process.getuid?.() !== 0)
      throw new Error("this test mounts a tmpfs: run the reliability suite as root");
    mountPoint = await mkdtemp(path.join(os.tmpdir(), "nyala-full-"));
    execFileSync("mount", ["-t", "tmpfs", "-o", `size=${MOUNT_MB}m,mode=0700`, "tmpfs", mountPoint]);
    const dataDir = path.join(mountPoint, "data");
    const filler = path.join(mountPoint, "filler");
    const server = await startServer({ dataDir });
    const acknowledged: string[] = [];
    const answers: OrderAttempt[] = [];
    try {
      const before = await attemptOrder(server);
      expect(before.status).toBe(201);
      acknowledged.push(before.code!);
      const healthy = await (await fetch(`${server.url}/healthz`)).json();
      expect(healthy).toMatchObject({ status: "ok" });

      fillDisk(filler);
      // Until a write needs a new page of some table: then it fails.
      for (let i = 0; i < 300 && !answers.some((answer) => answer.status !== 201); i++) {
        const answer = await attemptOrder(server);
        answers.push(answer);
        if (answer.code) acknowledged.push(answer.code);
      }
      const failed = answers.filter((answer) => answer.status !== 201);
      expect(failed.length, "no write failed on the full disk").toBeGreaterThan(0);
      for (const answer of failed) {
        expect(answer.status).toBe(503);
        expect(answer.retryAfter).toBe("30");
        expect(answer.body).toContain("Penyimpanan server sedang penuh");
        expect(answer.body).toContain("<h1>Penyimpanan penuh</h1>");
      }
      const health = await fetch(`${server.url}/healthz`);
      expect(health.status).toBe(200);
      expect(await health.json()).toMatchObject({ status: "degraded", database: "ok", diskFreeMb: 0 });

      await rm(filler);
      const after = await attemptOrder(server);
      expect(after.status).toBe(201);
      acknowledged.push(after.code!);
    } finally {
      await server.stop();
    }
    const stored = await storedOrders(dataDir, acknowledged);
    expect(stored.missing).toEqual([]);
    expect(stored.withoutLines).toBe(0);
  });
});
