import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import { readFile, rm, writeFile } from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { expect, type BrowserContext } from "@playwright/test";
import { createAccount, logIn } from "./auth-helpers.ts";
import { test, waitForHydration } from "./support/fixtures.ts";
import { privatePort, startPrivateServer, type PrivateServer } from "./support/private-server.ts";

/**
 * Request bodies over the limit and a crashed server (issue #20), against a production server of
 * its own, whose memory is read from /proc: chunked bodies of 60 and 150 MB leave it answering
 * and under the 256 MB budget of the embedded database, a 20 MB form and a 50 MB photo get 413
 * with their message instead of a reset connection, and `npm start`'s supervisor brings a killed
 * server back.
 */
const PORT = privatePort(40);
const SUPERVISED_PORT = privatePort(41);
const ADMIN = "admin-batas@nyala.test";
const RSS_BUDGET_MB = 256;
const FORM_TOO_LARGE = "Isi formulir terlalu besar.";
const PHOTO_TOO_LARGE = "Ukuran foto paling besar 5 MB.";

test.describe.configure({ mode: "serial" });
test.use({ baseURL: `http://localhost:${PORT}` });

let server: PrivateServer;
let adminState: Awaited<ReturnType<BrowserContext["storageState"]>>;

const lockHolder = (port: number) =>
  (JSON.parse(readFileSync(path.resolve(`.e2e-data-private-${port}/pglite.lock`), "utf8")) as { pid: number })
    .pid;

async function rssMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, "utf8");
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]) / 1024);
}

interface Sent {
  status: number;
  body: string;
  sentMb: number;
}

/** Status and body of a complete HTTP/1.1 answer in `raw`, or null while it is incomplete. */
function parseAnswer(raw: Buffer): { status: number; body: string } | null {
  const headEnd = raw.indexOf("\r\n\r\n");
  if (headEnd === -1) return null;
  const head = raw.subarray(0, headEnd).toString("latin1");
  const status = Number(head.split(" ")[1]);
  let rest = raw.subarray(headEnd + 4);
  const length = /\r\ncontent-length: *(\d+)/i.exec(head);
  if (length) return rest.length >= Number(length[1]) ? { status, body: rest.toString("utf8") } : null;
  const parts: Buffer[] = [];
  for (;;) {
    const lineEnd = rest.indexOf("\r\n");
    if (lineEnd === -1) return null;
    const size = parseInt(rest.subarray(0, lineEnd).toString(), 16);
    if (size === 0) return { status, body: Buffer.concat(parts).toString("utf8") };
    if (rest.length < lineEnd + 2 + size + 2) return null;
    parts.push(rest.subarray(lineEnd + 2, lineEnd + 2 + size));
    rest = rest.subarray(lineEnd + 2 + size + 2);
  }
}

/**
 * POSTs `megabytes` of `nama=AAAA…` as an attacker would, over a raw socket: chunked (no length)
 * or with its length, no `Expect: 100-continue`, every byte sent even after the answer came (a
 * Node or browser client would stop). Resolves with the answer once everything was sent.
 */
function post(port: number, pathname: string, megabytes: number, chunked: boolean): Promise<Sent> {
  const total = megabytes * 1024 * 1024;
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1");
    let received = Buffer.alloc(0);
    let answer: { status: number; body: string } | null = null;
    let sent = 0;
    let allSent = false;
    const settle = () => {
      if (!answer || !allSent) return;
      socket.destroy();
      resolve({ ...answer, sentMb: sent / 1024 / 1024 });
    };
    socket.on("error", reject);
    socket.on("data", (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      answer ??= parseAnswer(received);
      settle();
    });
    socket.on("close", () => (answer && allSent ? undefined : reject(new Error("connection closed early"))));
    const head = [
      `POST ${pathname} HTTP/1.1`,
      `Host: 127.0.0.1:${port}`,
      `Origin: http://127.0.0.1:${port}`,
      "Content-Type: application/x-www-form-urlencoded",
      chunked ? "Transfer-Encoding: chunked" : `Content-Length: ${total + 5}`,
    ];
    socket.write(`${head.join("\r\n")}\r\n\r\n`);
    const data = Buffer.alloc(64 * 1024, "A");
    const frame = (bytes: Buffer) =>
      chunked
        ? Buffer.concat([Buffer.from(`${bytes.length.toString(16)}\r\n`), bytes, Buffer.from("\r\n")])
        : bytes;
    socket.write(frame(Buffer.from("nama=")));
    const write = () => {
      while (sent < total) {
        sent += data.length;
        if (!socket.write(frame(data))) return void socket.once("drain", write);
      }
      socket.write(chunked ? "0\r\n\r\n" : "", () => {
        allSent = true;
        settle();
      });
    };
    write();
  });
}

test.beforeAll(async ({ browser, playwright }) => {
  test.setTimeout(120_000);
  server = await startPrivateServer(PORT, { ADMIN_EMAILS: ADMIN });
  const request = await playwright.request.newContext({ baseURL: server.baseURL });
  await createAccount(request, ADMIN, "Admin Batas");
  await request.dispose();
  const context = await browser.newContext({ baseURL: server.baseURL, locale: "id-ID" });
  await logIn(await context.newPage(), ADMIN);
  adminState = await context.storageState();
  await context.close();
});

test.afterAll(async () => {
  await server?.stop();
});

test("chunked bodies of 60 and 150 MB to /masuk, /daftar and /pesanan: 413, and the server answers within its memory", async () => {
  test.setTimeout(300_000);
  const pid = server.pid;
  let highest = await rssMb(pid);
  for (const pathname of ["/masuk", "/daftar", "/pesanan"]) {
    for (const megabytes of [60, 150]) {
      const answer = await post(PORT, pathname, megabytes, true);
      expect(answer.status, `${megabytes} MB to ${pathname}`).toBe(413);
      expect(answer.sentMb).toBeGreaterThanOrEqual(megabytes);
      expect(answer.body).toContain(FORM_TOO_LARGE);
      expect(answer.body.length, "the answer does not echo the body").toBeLessThan(200_000);
      expect((await fetch(`${server.baseURL}/beranda`)).status).toBe(200);
      highest = Math.max(highest, await rssMb(pid));
    }
  }
  // And four such streams at once.
  const together = await Promise.all([1, 2, 3, 4].map(() => post(PORT, "/pesanan", 150, true)));
  expect(together.map((answer) => answer.status)).toEqual([413, 413, 413, 413]);
  expect((await fetch(`${server.baseURL}/beranda`)).status).toBe(200);
  highest = Math.max(highest, await rssMb(pid));
  console.log(`server RSS after chunked 60/150 MB bodies: at most ${highest} MB`);
  expect(highest).toBeLessThan(RSS_BUDGET_MB);
});

test("a 20 MB form with its length gets 413 and the message, not a reset connection", async () => {
  const answer = await post(PORT, "/masuk", 20, false);
  expect(answer.status).toBe(413);
  expect(answer.body).toContain(FORM_TOO_LARGE);
});

test("the cart's and the contact form's POST routes have the form limit too: 2 MB, chunked or with its length, gets 413", async () => {
  for (const pathname of ["/keranjang", "/keranjang/tambah", "/keranjang/pindahkan", "/kontak"]) {
    for (const chunked of [true, false]) {
      const answer = await post(PORT, pathname, 2, chunked);
      expect(answer.status, `2 MB to ${pathname}${chunked ? ", chunked" : ""}`).toBe(413);
      expect(answer.body).toContain(FORM_TOO_LARGE);
    }
  }
  expect((await fetch(`${server.baseURL}/beranda`)).status).toBe(200);
});

test("a 50 MB photo: refused as soon as it is chosen, and with 413 and the message where JavaScript does not run", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const photo = path.join(os.tmpdir(), `nyala-50mb-${process.pid}.jpg`);
  await writeFile(
    photo,
    Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(50 * 1024 * 1024)]),
  );
  try {
    const withScript = await browser.newContext({ baseURL: server.baseURL, storageState: adminState });
    const page = await withScript.newPage();
    await page.goto("/admin/menu");
    await waitForHydration(page);
    const posts: string[] = [];
    page.on("request", (request) => request.method() === "POST" && posts.push(request.url()));
    await page.getByLabel("Nama menu").fill("Mie Foto Besar");
    await page.getByLabel("Harga (Rp)").fill("15000");
    await page.getByLabel("Foto").setInputFiles(photo);
    await expect(page.getByText(PHOTO_TOO_LARGE)).toBeVisible();
    await page.getByRole("button", { name: "Tambah menu" }).click();
    // The submit is stopped and the photo field, which says why, takes the focus.
    await expect(page.getByLabel("Foto")).toBeFocused();
    await expect(page.getByText(PHOTO_TOO_LARGE)).toBeVisible();
    expect(posts, "the photo is not sent").toEqual([]);
    await withScript.close();

    const withoutScript = await browser.newContext({
      baseURL: server.baseURL,
      storageState: adminState,
      javaScriptEnabled: false,
    });
    const plain = await withoutScript.newPage();
    await plain.goto("/admin/menu");
    await plain.getByLabel("Nama menu").fill("Mie Foto Besar");
    await plain.getByLabel("Harga (Rp)").fill("15000");
    await plain.getByLabel("Foto").setInputFiles(photo);
    const [answer] = await Promise.all([
      plain.waitForResponse((response) => response.request().method() === "POST"),
      plain.getByRole("button", { name: "Tambah menu" }).click(),
    ]);
    expect(answer.status()).toBe(413);
    await expect(plain.getByText(PHOTO_TOO_LARGE)).toBeVisible();
    await withoutScript.close();
  } finally {
    await rm(photo, { force: true });
  }
});

test.describe("npm start's supervisor", () => {
  let supervisor: ChildProcess | undefined;
  const dataDir = path.resolve(`.e2e-data-private-${SUPERVISED_PORT}`);
  const health = async () => {
    const response = await fetch(`http://127.0.0.1:${SUPERVISED_PORT}/healthz`).catch(() => null);
    return response?.ok ? ((await response.json()) as { status: string; restarts: number }) : null;
  };
  test.afterAll(async () => {
    if (supervisor?.pid && supervisor.exitCode === null) process.kill(-supervisor.pid, "SIGKILL");
    await rm(dataDir, { recursive: true, force: true });
  });

  test("starts a killed server again within seconds; /healthz counts the restart", async () => {
    test.setTimeout(120_000);
    await rm(dataDir, { recursive: true, force: true });
    supervisor = spawn("bash", ["scripts/start.sh"], {
      env: { ...process.env, PORT: String(SUPERVISED_PORT), DATA_DIR: dataDir, DATABASE_URL: "" },
      stdio: ["ignore", "ignore", "inherit"],
      detached: true,
    });
    await expect.poll(health, { timeout: 60_000 }).toMatchObject({ status: "ok", restarts: 0 });
    const first = lockHolder(SUPERVISED_PORT);
    process.kill(first, "SIGKILL");
    const killedAt = Date.now();
    await expect.poll(health, { timeout: 60_000 }).toMatchObject({ status: "ok", restarts: 1 });
    console.log(`server back ${((Date.now() - killedAt) / 1000).toFixed(1)} s after SIGKILL`);
    expect(lockHolder(SUPERVISED_PORT)).not.toBe(first);
    expect((await fetch(`http://127.0.0.1:${SUPERVISED_PORT}/beranda`)).status).toBe(200);

    const exited = new Promise<number | null>((resolve) => supervisor!.once("exit", resolve));
    supervisor.kill("SIGTERM");
    expect(await exited).toBe(0);
    expect(await health()).toBeNull();
  });
});
