import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { answerHealth, type HealthSource, type Phase } from "./health.ts";

let server: http.Server | undefined;
afterEach(() => {
  server?.closeAllConnections();
  server?.close();
});

async function healthz(source: HealthSource, method = "GET") {
  server = http.createServer((request, response) => void answerHealth(request, response, source));
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const response = await fetch(`http://127.0.0.1:${port}/healthz`, { method });
  return {
    status: response.status,
    cache: response.headers.get("cache-control"),
    body: await response.text(),
  };
}

const source = (
  phase: Phase,
  ping: () => Promise<void> = async () => {},
  disk: Partial<Pick<HealthSource, "freeDiskBytes" | "diskFullLately">> = {},
): HealthSource => ({
  phase: () => phase,
  ping,
  freeDiskBytes: async () => 5 * 1024 * 1024 * 1024,
  diskFullLately: () => false,
  startedAt: Date.now() - 42_000,
  restarts: 2,
  ...disk,
});

describe("/healthz", () => {
  it("is 200 with uptime and restarts when the database answers, never cached", async () => {
    const answer = await healthz(source("ready"));
    expect(answer.status).toBe(200);
    expect(answer.cache).toBe("no-store");
    expect(JSON.parse(answer.body)).toEqual({
      status: "ok",
      keterangan: "Server siap.",
      database: "ok",
      diskFreeMb: 5120,
      uptimeSeconds: 42,
      restarts: 2,
    });
  });

  it("says degraded (still 200: pages work) when the disk is nearly full or a write just failed for space", async () => {
    const low = await healthz(source("ready", undefined, { freeDiskBytes: async () => 10 * 1024 * 1024 }));
    expect(low.status).toBe(200);
    expect(JSON.parse(low.body)).toMatchObject({ status: "degraded", database: "ok", diskFreeMb: 10 });
    expect(JSON.parse(low.body).keterangan).toMatch(/^Penyimpanan \(hampir\) penuh/);
    server?.close();
    const failed = await healthz(source("ready", undefined, { diskFullLately: () => true }));
    expect(JSON.parse(failed.body)).toMatchObject({ status: "degraded", diskFreeMb: 5120 });
  });

  it("is 503 while the server starts and while it stops, without asking the database", async () => {
    const untouched = () => Promise.reject(new Error("the database must not be asked"));
    const starting = await healthz(source("starting", untouched));
    expect(starting.status).toBe(503);
    expect(JSON.parse(starting.body)).toMatchObject({
      status: "starting",
      keterangan: "Server sedang dinyalakan.",
    });
    server?.close();
    const stopping = await healthz(source("stopping", untouched));
    expect(stopping.status).toBe(503);
    expect(JSON.parse(stopping.body)).toMatchObject({ status: "stopping" });
  });

  it("is 503 when the database fails or does not answer", async () => {
    const failing = await healthz(source("ready", () => Promise.reject(new Error("connection refused"))));
    expect(failing.status).toBe(503);
    expect(JSON.parse(failing.body)).toMatchObject({
      status: "database-unavailable",
      database: "unavailable",
    });
    server?.close();
    const hanging = await healthz(source("ready", () => new Promise(() => {})));
    expect(JSON.parse(hanging.body)).toMatchObject({ status: "database-unavailable" });
  });

  it("answers HEAD without a body and refuses other methods", async () => {
    expect(await healthz(source("ready"), "HEAD")).toMatchObject({ status: 200, body: "" });
    server?.close();
    expect((await healthz(source("ready"), "POST")).status).toBe(405);
  });
});
