import http from "node:http";
import net, { type AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { createConnectionBudget, isEventStream, type BudgetSettings } from "./connection-budget.ts";

// A real HTTP server behind the budget; clients are raw sockets from loopback addresses of their own.
let server: http.Server | undefined;
const sockets: net.Socket[] = [];
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  server?.closeAllConnections();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

const SETTINGS: BudgetSettings = {
  bodies: { perAddress: 2, total: 3, totalWeight: 10 * 1024 * 1024 },
  streams: { perAddress: 2, total: 3 },
  bodyGraceMs: 300,
  bodyMinBytesPerSecond: 500,
  trustProxy: 0,
};

async function serve(settings: BudgetSettings = SETTINGS) {
  const budget = createConnectionBudget(settings);
  server = http.createServer((request, response) =>
    budget.admit(request, response, () => {
      if (isEventStream(request)) {
        response.writeHead(200, { "content-type": "text/event-stream" });
        response.write(": open\n\n");
        return;
      }
      let received = 0;
      request.on("data", (chunk: Buffer) => (received += chunk.length));
      request.on("end", () => response.end(`received ${received}`));
    }),
  );
  server.on("close", () => budget.stop());
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  return { port: (server.address() as AddressInfo).port, budget };
}

interface Reply {
  status: number;
  retryAfter: string | null;
  body: string;
  closed: boolean;
}

// Sends `head` then `chunks` from `from`; the first answer, once the server ends it or after `waitMs`.
function client(
  port: number,
  from: string,
  head: string,
  options: { chunks?: string[]; everyMs?: number; waitMs?: number } = {},
): Promise<Reply> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: "127.0.0.1", localAddress: from });
    sockets.push(socket);
    let text = "";
    let closed = false;
    const chunks = [...(options.chunks ?? [])];
    const timer = setInterval(() => {
      const next = chunks.shift();
      if (next === undefined || socket.destroyed) return clearInterval(timer);
      socket.write(next);
    }, options.everyMs ?? 100);
    const finish = () => {
      clearInterval(timer);
      const [top = "", body = ""] = text.split("\r\n\r\n");
      resolve({
        status: Number(/^HTTP\/1\.1 (\d+)/.exec(top)?.[1] ?? 0),
        retryAfter: /\r\nretry-after: (\d+)/i.exec(top)?.[1] ?? null,
        body,
        closed,
      });
    };
    socket.setEncoding("utf8");
    socket.on("data", (data: string) => (text += data));
    socket.on("error", () => undefined);
    socket.on("close", () => {
      closed = true;
      finish();
    });
    socket.write(head);
    if (options.waitMs) setTimeout(finish, options.waitMs);
  });
}

const STREAM = "GET /pesanan/NY-AAAA/langsung HTTP/1.1\r\nHost: x\r\nAccept: text/event-stream\r\n\r\n";
const post = (length: number) =>
  `POST /kontak HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: ${length}\r\n\r\n`;

describe("the connection budget", () => {
  it("counts event streams while they are open: 429 past an address's limit, 503 past the total, a place back on close", async () => {
    const { port, budget } = await serve();
    const first = await client(port, "127.0.0.2", STREAM, { waitMs: 200 });
    expect((await client(port, "127.0.0.2", STREAM, { waitMs: 200 })).status).toBe(200);
    const third = await client(port, "127.0.0.2", STREAM, { waitMs: 500 });
    expect(first.status).toBe(200);
    expect(third).toMatchObject({ status: 429, retryAfter: "30", closed: true });
    expect(third.body).toContain("Terlalu banyak halaman langsung yang terbuka dari alamatmu");
    expect((await client(port, "127.0.0.3", STREAM, { waitMs: 200 })).status).toBe(200);
    const full = await client(port, "127.0.0.4", STREAM, { waitMs: 500 });
    expect(full).toMatchObject({ status: 503, retryAfter: "30" });
    expect(full.body).toContain("Pembaruan langsung sedang penuh");
    expect(budget.counts().streams).toBe(3);

    sockets[0]!.destroy();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(budget.counts().streams).toBe(2);
    expect((await client(port, "127.0.0.4", STREAM, { waitMs: 200 })).status).toBe(200);
  });

  it("ends every open event stream when the server stops", async () => {
    const { port, budget } = await serve();
    const watchers = [client(port, "127.0.0.2", STREAM), client(port, "127.0.0.3", STREAM)];
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(budget.counts().streams).toBe(2);
    budget.endStreams();
    for (const watcher of await Promise.all(watchers))
      expect(watcher).toMatchObject({ status: 200, closed: true });
    await expect.poll(() => budget.counts().streams).toBe(0);
  });

  it("answers a body that trickles 408 and closes its connection; a body at a modest pace is read", async () => {
    const { port, budget } = await serve();
    const started = Date.now();
    const trickle = client(port, "127.0.0.2", post(900_000), {
      chunks: Array.from({ length: 40 }, () => "nama"),
      everyMs: 250,
    });
    const steady = client(port, "127.0.0.3", post(6_000), {
      chunks: Array.from({ length: 12 }, () => "x".repeat(500)),
      everyMs: 400,
      waitMs: 6_000,
    });
    const slow = await trickle;
    expect(slow).toMatchObject({ status: 408, closed: true });
    expect(slow.body).toContain("Formulir terkirim terlalu lambat");
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(await steady).toMatchObject({ status: 200, body: "received 6000" });
    expect(budget.counts().bodies).toBe(0);
  });

  it("refuses new bodies past the limits, yet a form that arrives whole still gets through", async () => {
    const { port } = await serve({ ...SETTINGS, bodyGraceMs: 10_000 });
    const slow = { chunks: ["a"], waitMs: 600 };
    const waiting = [
      client(port, "127.0.0.2", post(1000), slow),
      client(port, "127.0.0.2", post(1000), slow),
    ];
    await new Promise((resolve) => setTimeout(resolve, 100));
    const overAddress = await client(port, "127.0.0.2", post(1000), slow);
    expect(overAddress).toMatchObject({ status: 429, retryAfter: "10" });
    expect(overAddress.body).toContain("Terlalu banyak kiriman yang sedang berjalan dari alamatmu");
    const whole = await client(port, "127.0.0.2", `${post(7)}nama=ok`, { waitMs: 1000 });
    expect(whole).toMatchObject({ status: 200, body: "received 7" });

    waiting.push(client(port, "127.0.0.3", post(1000), slow));
    await new Promise((resolve) => setTimeout(resolve, 100));
    const overTotal = await client(port, "127.0.0.4", post(1000), slow);
    expect(overTotal).toMatchObject({ status: 503, retryAfter: "5" });
    expect(overTotal.body).toContain("Server sedang menerima banyak kiriman");
    await Promise.all(waiting);
  });

  it("holds the bytes bodies still arriving declared within its total, whatever their number", async () => {
    const { port, budget } = await serve({
      ...SETTINGS,
      bodies: { perAddress: 8, total: 128, totalWeight: 10_000 },
    });
    const slow = { chunks: ["a"], waitMs: 600 };
    const big = client(port, "127.0.0.2", post(9_000), slow);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(budget.counts()).toMatchObject({ bodies: 1, bodyBytes: 9_000 });
    const tooMuch = await client(port, "127.0.0.3", post(2_000), slow);
    expect(tooMuch.status).toBe(503);
    expect((await client(port, "127.0.0.3", post(900), { chunks: ["a"], waitMs: 300 })).status).toBe(0);
    await big;
  });
});
