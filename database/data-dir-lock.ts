// One process at a time on an embedded data directory (0014): a Unix socket the kernel frees when its holder
// ends, and `<dir>.lock` naming the holder; re-entrant within one process.
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { existsSync, readFileSync, realpathSync } from "node:fs";
import { mkdir, rename, unlink, writeFile } from "node:fs/promises";
import net from "node:net";
import path from "node:path";

export interface LockHolder {
  pid: number;
  startedAt: string;
  purpose: string;
}

interface LockFile extends LockHolder {
  token: string;
}

export type LockRequestHandler = (request: Record<string, unknown>) => Promise<Record<string, unknown>>;

export interface DataDirLock {
  dir: string;
  /** Set when the last holder had ended: the lock was taken over. */
  previousHolder: LockHolder | null;
  serve(op: string, handler: LockRequestHandler): void;
  release(): Promise<void>;
}

export class DataDirLockedError extends Error {
  readonly dir: string;
  readonly holder: LockHolder | null;
  constructor(dir: string, holder: LockHolder | null) {
    const since = holder && new Date(holder.startedAt).toLocaleString("id-ID", { hour12: false });
    const who = holder ? `proses ${holder.pid} (${holder.purpose}, berjalan sejak ${since})` : "proses lain";
    super(
      `Folder data ${dir} sedang dipakai oleh ${who}. Satu folder data hanya boleh dibuka oleh ` +
        `satu proses: hentikan proses itu dulu, atau pakai DATA_DIR lain.`,
    );
    this.name = "DataDirLockedError";
    this.dir = dir;
    this.holder = holder;
  }
}

interface HeldLock {
  purpose: string;
  server: net.Server;
  token: string;
  handlers: Map<string, LockRequestHandler>;
  users: number;
  previousHolder: LockHolder | null;
}

const heldLocks = ((globalThis as Record<symbol, unknown>)[Symbol.for("nyala.dataDirLocks")] ??= new Map<
  string,
  HeldLock
>()) as Map<string, HeldLock>;

function canonical(dir: string): string {
  const absolute = path.resolve(dir);
  const parent = path.dirname(absolute);
  return path.join(existsSync(parent) ? realpathSync(parent) : parent, path.basename(absolute));
}

export const lockFilePath = (dir: string) => `${canonical(dir)}.lock`;

export function lockSocketAddress(dir: string): string {
  const key = canonical(dir);
  if (process.platform === "linux") {
    return `\0nyala-data-dir-${createHash("sha256").update(key).digest("hex").slice(0, 40)}`;
  }
  return `${key}.lock.sock`;
}

function readLockFile(dir: string): LockFile | null {
  try {
    const parsed = JSON.parse(readFileSync(lockFilePath(dir), "utf8")) as Partial<LockFile>;
    if (typeof parsed.pid !== "number" || typeof parsed.token !== "string") return null;
    return {
      pid: parsed.pid,
      token: parsed.token,
      startedAt: String(parsed.startedAt ?? ""),
      purpose: String(parsed.purpose ?? ""),
    };
  } catch {
    return null;
  }
}

const holderOf = (file: LockFile | null): LockHolder | null =>
  file && { pid: file.pid, startedAt: file.startedAt, purpose: file.purpose };

function exchange(address: string, request: object, timeoutMs: number): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(address);
    let received = "";
    const timer = setTimeout(() => socket.destroy(new Error("no answer from the lock holder")), timeoutMs);
    socket.setEncoding("utf8");
    socket.on("connect", () => socket.write(`${JSON.stringify(request)}\n`));
    socket.on("data", (chunk: string) => {
      received += chunk;
      const end = received.indexOf("\n");
      if (end === -1) return;
      clearTimeout(timer);
      socket.end();
      try {
        resolve(JSON.parse(received.slice(0, end)) as Record<string, unknown>);
      } catch (error) {
        reject(error);
      }
    });
    socket.on("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    socket.on("close", () => {
      clearTimeout(timer);
      reject(new Error("the lock holder closed the connection"));
    });
  });
}

const sameToken = (a: unknown, b: string) =>
  typeof a === "string" && a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

function answer(held: HeldLock, socket: net.Socket) {
  let received = "";
  socket.setEncoding("utf8");
  socket.on("error", () => undefined);
  socket.on("data", (chunk: string) => {
    received += chunk;
    if (received.length > 64 * 1024) return socket.destroy();
    const end = received.indexOf("\n");
    if (end === -1) return;
    socket.removeAllListeners("data");
    const reply = (body: object) => socket.end(`${JSON.stringify(body)}\n`);
    let request: Record<string, unknown>;
    try {
      request = JSON.parse(received.slice(0, end)) as Record<string, unknown>;
    } catch {
      return reply({ ok: false, error: "bad request" });
    }
    if (request.op === "who") {
      const self: LockHolder = { pid: process.pid, startedAt: processStartedAt, purpose: held.purpose };
      return reply({ ok: true, ...self });
    }
    const handler = held.handlers.get(String(request.op));
    if (!handler || !sameToken(request.token, held.token)) return reply({ ok: false, error: "refused" });
    handler(request).then(
      (result) => reply({ ok: true, ...result }),
      (error: unknown) => reply({ ok: false, error: error instanceof Error ? error.message : String(error) }),
    );
  });
}

const processStartedAt = new Date().toISOString();

function listen(address: string, held: HeldLock): Promise<void> {
  return new Promise((resolve, reject) => {
    held.server.once("error", reject);
    held.server.listen(address, () => {
      held.server.off("error", reject);
      resolve();
    });
  });
}

export async function lockHolder(dir: string): Promise<LockHolder | null> {
  try {
    const reply = await exchange(lockSocketAddress(dir), { op: "who" }, 3000);
    if (reply.ok !== true || typeof reply.pid !== "number") return null;
    return { pid: reply.pid, startedAt: String(reply.startedAt), purpose: String(reply.purpose) };
  } catch {
    return null;
  }
}

export async function lockDataDir(dir: string, purpose: string): Promise<DataDirLock> {
  await mkdir(path.dirname(path.resolve(dir)), { recursive: true, mode: 0o700 });
  const key = canonical(dir);
  let held = heldLocks.get(key);
  if (!held) {
    const fresh: HeldLock = {
      purpose,
      server: net.createServer(),
      token: randomBytes(24).toString("hex"),
      handlers: new Map(),
      users: 0,
      previousHolder: null,
    };
    fresh.server.on("connection", (socket) => answer(fresh, socket));
    const address = lockSocketAddress(dir);
    try {
      await listen(address, fresh);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EADDRINUSE") throw error;
      const holder = await lockHolder(dir);
      // A socket file (not Linux) that nobody answers on was left by an ended process.
      if (holder || address.startsWith("\0"))
        throw new DataDirLockedError(key, holder ?? holderOf(readLockFile(dir)));
      await unlink(address).catch(() => undefined);
      await listen(address, fresh).catch(async () => {
        throw new DataDirLockedError(key, await lockHolder(dir));
      });
    }
    fresh.server.unref();
    const previous = readLockFile(dir);
    if (previous && previous.pid !== process.pid) fresh.previousHolder = holderOf(previous);
    const file: LockFile = { pid: process.pid, startedAt: processStartedAt, purpose, token: fresh.token };
    const temporary = `${lockFilePath(dir)}.${process.pid}.tmp`;
    await writeFile(temporary, `${JSON.stringify(file)}\n`, { mode: 0o600 });
    await rename(temporary, lockFilePath(dir));
    heldLocks.set(key, fresh);
    held = fresh;
  }
  held.users += 1;
  const current = held;
  let released = false;
  return {
    dir: key,
    previousHolder: current.previousHolder,
    serve(op, handler) {
      current.handlers.set(op, handler);
    },
    async release() {
      if (released) return;
      released = true;
      current.users -= 1;
      if (current.users > 0) return;
      heldLocks.delete(key);
      const file = readLockFile(dir);
      if (file?.pid === process.pid) await unlink(lockFilePath(dir)).catch(() => undefined);
      await new Promise<void>((resolve) => current.server.close(() => resolve()));
      const address = lockSocketAddress(dir);
      if (!address.startsWith("\0")) await unlink(address).catch(() => undefined);
    },
  };
}

// Needs read access to `<dir>.lock`, where the holder wrote the token.
export async function askHolder(
  dir: string,
  op: string,
  request: Record<string, unknown> = {},
  timeoutMs = 120_000,
): Promise<Record<string, unknown>> {
  const file = readLockFile(dir);
  if (!file) throw new Error(`${lockFilePath(dir)} cannot be read`);
  const reply = await exchange(lockSocketAddress(dir), { ...request, op, token: file.token }, timeoutMs);
  if (reply.ok !== true) throw new Error(String(reply.error ?? "refused"));
  return reply;
}
