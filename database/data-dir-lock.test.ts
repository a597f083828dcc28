import { spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  askHolder,
  DataDirLockedError,
  lockDataDir,
  lockFilePath,
  lockSocketAddress,
} from "./data-dir-lock.ts";

const lockModule = path.resolve("database/data-dir-lock.ts");

/** Another process that takes the lock of `dir`, says so, and holds it until killed (or exits). */
function otherProcess(dir: string, hold: boolean) {
  const script = `
    const { lockDataDir } = await import(${JSON.stringify(lockModule)});
    try {
      const lock = await lockDataDir(${JSON.stringify(dir)}, "proses uji");
      console.log("locked " + JSON.stringify(lock.previousHolder));
      ${hold ? "lock.serve('echo', async (request) => ({ echoed: request.value })); setInterval(() => {}, 1000);" : "await lock.release();"}
    } catch (error) {
      console.error(error.message);
      process.exit(3);
    }`;
  const child = spawn(process.execPath, ["--input-type=module", "-e", script], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => (stdout += chunk));
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const locked = new Promise<void>((resolve, reject) => {
    child.stdout.on("data", () => stdout.includes("locked") && resolve());
    void exited.then(() => reject(new Error(`exited: ${stderr}`)));
  });
  locked.catch(() => undefined); // awaited only by the tests that hold the lock
  return { child, exited, locked, output: () => ({ stdout, stderr }) };
}

let root: string;
let dir: string;
beforeEach(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), "nyala-lock-"));
  dir = path.join(root, "pglite");
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

describe("the embedded data directory's lock", () => {
  it("refuses a second process, naming the directory and the process that holds it", async () => {
    const lock = await lockDataDir(dir, "server Nyala (npm start)");
    try {
      const other = otherProcess(dir, false);
      expect(await other.exited).toBe(3);
      const { stderr } = other.output();
      expect(stderr).toContain(`Folder data ${dir} sedang dipakai oleh proses ${process.pid}`);
      expect(stderr).toContain("server Nyala (npm start)");
    } finally {
      await lock.release();
    }
    // Released: the other process gets it now.
    expect(await otherProcess(dir, false).exited).toBe(0);
  });

  it("is re-entrant within one process and released with its last holder", async () => {
    const first = await lockDataDir(dir, "server");
    const second = await lockDataDir(dir, "database");
    await second.release();
    expect(await otherProcess(dir, false).exited).toBe(3);
    await first.release();
    expect(existsSync(lockFilePath(dir))).toBe(false);
    expect(await otherProcess(dir, false).exited).toBe(0);
  });

  it("is free the moment its holder is killed, and the next holder names the one before", async () => {
    const holder = otherProcess(dir, true);
    await holder.locked;
    await expect(lockDataDir(dir, "server")).rejects.toBeInstanceOf(DataDirLockedError);
    holder.child.kill("SIGKILL");
    await holder.exited;
    const lock = await lockDataDir(dir, "server");
    try {
      expect(lock.previousHolder?.pid).toBe(holder.child.pid);
      expect(JSON.parse(readFileSync(lockFilePath(dir), "utf8")).pid).toBe(process.pid);
    } finally {
      await lock.release();
    }
  });

  it("is not fooled by a lock file naming a live process that does not hold it (pid reuse)", async () => {
    const alive = { pid: process.ppid, startedAt: new Date().toISOString(), purpose: "x", token: "t" };
    await writeFile(lockFilePath(dir), JSON.stringify(alive));
    const lock = await lockDataDir(dir, "server");
    expect(lock.previousHolder?.pid).toBe(process.ppid);
    await lock.release();
  });

  it("does work for a process that reads the lock file's token, and for nobody else", async () => {
    const holder = otherProcess(dir, true);
    await holder.locked;
    try {
      expect(await askHolder(dir, "echo", { value: 7 })).toMatchObject({ ok: true, echoed: 7 });
      const forged = await new Promise<string>((resolve) => {
        const socket = net.connect(lockSocketAddress(dir));
        socket.on("connect", () =>
          socket.write(`${JSON.stringify({ op: "echo", token: "0".repeat(48) })}\n`),
        );
        socket.on("data", (chunk) => resolve(String(chunk)));
      });
      expect(JSON.parse(forged)).toEqual({ ok: false, error: "refused" });
    } finally {
      holder.child.kill("SIGKILL");
      await holder.exited;
    }
  });
});
