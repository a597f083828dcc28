import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isBodyTooLarge } from "../app/lib/body-limit.ts";
import { guardBody } from "./request-body.ts";

const LIMIT = 1024 * 1024;
const CHUNK = 64 * 1024;

// A real HTTP server whose handler reads the guarded body like an action does and answers with what it got.
let server: http.Server;
let port: number;
beforeAll(async () => {
  server = http.createServer(async (request, response) => {
    const body = guardBody(request, LIMIT);
    response.once("finish", body.discardRest);
    let received = 0;
    let refused = false;
    try {
      for await (const chunk of body.stream!) received += chunk.byteLength;
    } catch (error) {
      refused = isBodyTooLarge(error);
    }
    response.writeHead(refused ? 413 : 200, { "content-type": "application/json" });
    response.end(JSON.stringify({ received, refused }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

// Sends all `total` bytes (chunked unless `declare`) before reading the answer, as a browser does.
function send(total: number, declare = false): Promise<{ status: number; body: string } | { error: string }> {
  return new Promise((resolve) => {
    const request = http.request({
      port,
      host: "127.0.0.1",
      method: "POST",
      path: "/masuk",
      headers: declare ? { "content-length": total } : { "transfer-encoding": "chunked" },
    });
    request.on("error", (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }));
    request.on("response", (response) => {
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (body += chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, body }));
    });
    const chunk = Buffer.alloc(CHUNK, 65);
    let sent = 0;
    const write = () => {
      while (sent < total) {
        const part = chunk.subarray(0, Math.min(CHUNK, total - sent));
        sent += part.length;
        if (!request.write(part)) return void request.once("drain", write);
      }
      request.end();
    };
    write();
  });
}

describe("guardBody holds every request body to its limit while it streams in", () => {
  it("passes a body within the limit through whole", async () => {
    expect(await send(LIMIT)).toEqual({
      status: 200,
      body: JSON.stringify({ received: LIMIT, refused: false }),
    });
  });

  it("stops a chunked body past the limit: the app gets at most the limit, the client the answer", async () => {
    const answer = await send(60 * 1024 * 1024);
    expect(answer).toMatchObject({ status: 413 });
    const { received, refused } = JSON.parse((answer as { body: string }).body) as {
      received: number;
      refused: boolean;
    };
    expect(refused).toBe(true);
    expect(received).toBeLessThanOrEqual(LIMIT);
  });

  it("refuses a declared length past the limit before reading, and still lets the client finish", async () => {
    const answer = await send(20 * 1024 * 1024, true);
    expect(answer).toEqual({ status: 413, body: JSON.stringify({ received: 0, refused: true }) });
  });

  it("keeps the connection usable for the next request after dropping a refused body", async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const ask = (size: number) =>
      new Promise<number>((resolve, reject) => {
        const request = http.request(
          { port, host: "127.0.0.1", method: "POST", path: "/", agent },
          (response) => {
            response.resume();
            response.on("end", () => resolve(response.statusCode ?? 0));
          },
        );
        request.on("error", reject);
        request.end(Buffer.alloc(size, 65));
      });
    expect(await ask(3 * LIMIT)).toBe(413);
    expect(await ask(10)).toBe(200);
    agent.destroy();
  });
});

describe("a body the app never reads", () => {
  // Like a 415 for an unknown form type: answered before the body is read.
  let early: http.Server;
  let earlyPort: number;
  beforeAll(async () => {
    early = http.createServer((request, response) => {
      const body = guardBody(request, LIMIT);
      response.once("finish", body.discardRest);
      response.writeHead(415);
      response.end();
    });
    await new Promise<void>((resolve) => early.listen(0, "127.0.0.1", resolve));
    earlyPort = (early.address() as AddressInfo).port;
  });
  afterAll(async () => {
    early.closeAllConnections();
    await new Promise<void>((resolve) => early.close(() => resolve()));
  });

  it("is dropped whole after the answer, so the kept-alive connection serves the next request", async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const ask = (size: number) =>
      new Promise<number>((resolve, reject) => {
        const request = http.request(
          { port: earlyPort, host: "127.0.0.1", method: "POST", path: "/", agent, timeout: 5_000 },
          (response) => {
            response.resume();
            response.on("end", () => resolve(response.statusCode ?? 0));
          },
        );
        request.on("timeout", () => request.destroy(new Error("no answer within 5 s")));
        request.on("error", reject);
        request.end(Buffer.alloc(size, 65));
      });
    for (const size of [200_000, 10, 500_000, 10]) expect(await ask(size)).toBe(415);
    agent.destroy();
  });
});
