import http, { type IncomingMessage, type ServerResponse } from "node:http";
import net, { type AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { releaseParser } from "./stream-connections.ts";

let server: http.Server | undefined;
let streams: ServerResponse[] = [];
afterEach(() => {
  for (const response of streams.splice(0)) response.destroy();
  server?.closeAllConnections();
  server?.close();
});

/** A server whose /stream answers an event stream and gives its parser back; anything else "ok <path>". */
async function start() {
  const seen: string[] = [];
  streams = [];
  const released: boolean[] = [];
  server = http.createServer((request: IncomingMessage, response: ServerResponse) => {
    seen.push(request.url ?? "");
    if (request.url !== "/stream") return void response.end(`ok ${request.url}`);
    response.writeHead(200, { "Content-Type": "text/event-stream" });
    response.flushHeaders();
    released.push(releaseParser(request));
    response.write("data: one\n\n");
    streams.push(response);
  });
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  return { port: (server.address() as AddressInfo).port, seen, streams, released };
}

/** A raw connection: what it has received so far, and when it closed. */
function connect(port: number) {
  const socket = net.connect(port, "127.0.0.1");
  let received = "";
  socket.setEncoding("utf8");
  socket.on("data", (chunk: string) => (received += chunk));
  const closed = new Promise<void>((resolve) => socket.once("close", () => resolve()));
  socket.on("error", () => {});
  const until = async (text: string) => {
    for (let i = 0; i < 200 && !received.includes(text); i++) await new Promise((r) => setTimeout(r, 10));
    return received;
  };
  return { socket, closed, until, received: () => received };
}

const request = (path: string) =>
  `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n`;

describe("an event stream's connection without its HTTP parser", () => {
  it("still carries every event, and other connections are parsed as before", async () => {
    const { port, streams, released } = await start();
    const watcher = connect(port);
    watcher.socket.write(request("/stream"));
    expect(await watcher.until("data: one")).toMatch(/^HTTP\/1\.1 200 OK/);
    expect(released).toEqual([true]);
    streams[0]!.write("data: two\n\n");
    expect(await watcher.until("data: two")).toContain("data: two");

    // A keep-alive connection opened after it (reusing the parser given back) asks twice.
    const visitor = connect(port);
    visitor.socket.write(request("/a") + request("/b"));
    const answers = await visitor.until("ok /b");
    expect(answers).toContain("ok /a");
    expect(answers).toContain("ok /b");
    visitor.socket.destroy();
  });

  it("ends the connection on any byte sent after the request, never reading it as another", async () => {
    const { port, seen } = await start();
    const watcher = connect(port);
    watcher.socket.write(request("/stream"));
    await watcher.until("data: one");
    watcher.socket.write(request("/smuggled"));
    await watcher.closed;
    expect(seen).toEqual(["/stream"]);
    expect(watcher.received()).not.toContain("ok /smuggled");

    // A half-closed client ends it too.
    const other = connect(port);
    other.socket.write(request("/stream"));
    await other.until("data: one");
    other.socket.end();
    await other.closed;
  });

  it("is out of Node's closeAllConnections; ending its response ends it (as a stopping server does)", async () => {
    const { port, streams: open } = await start();
    const watcher = connect(port);
    watcher.socket.write(request("/stream"));
    await watcher.until("data: one");
    server!.closeAllConnections();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(watcher.socket.destroyed).toBe(false);
    open[0]!.destroy();
    await watcher.closed;
  });
});
