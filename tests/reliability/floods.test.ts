import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  loopbackAddresses,
  serverRssMb,
  slowBodies,
  streamFlood,
  timedGet,
  type Flood,
} from "../../scripts/bench/floods.ts";
import { moveOn, openEvents } from "./event-streams.ts";
import { adminSession, startServer, submitOrder, type Server } from "./servers.ts";

/**
 * Slow bodies and stream floods against a production server on the embedded database (issue #26
 * items 1–2), with the default budget: the server stays up and keeps serving, the floods get 429
 * or 503 past their limits and 408 when they trickle, and an order page watched from elsewhere
 * still gets its status change. RSS and /produk's latency are printed, not asserted (figures come
 * from `npm run bench`, scripts/bench/abuse.mjs).
 */
const ADMIN = "admin-banjir@nyala.test";
let root: string;
let server: Server;
let exited = false;
const floods: Flood[] = [];

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), "nyala-floods-"));
  server = await startServer({ dataDir: path.join(root, "data") }, { ADMIN_EMAILS: ADMIN });
  server.process.once("exit", () => (exited = true));
});
afterAll(async () => {
  for (const flood of floods) flood.stop();
  await server?.stop();
  await rm(root, { recursive: true, force: true });
});

const port = () => Number(new URL(server.url).port);

async function report(label: string) {
  const produk = await timedGet(`${server.url}/produk`);
  console.log(
    `${label}: RSS ${await serverRssMb(server.process.pid!)} MB, /produk ${produk.status} in ${produk.ms} ms`,
  );
  return produk;
}

describe("floods on the embedded database", () => {
  it("3,000 trickling bodies from one address, then from 50: refused past the budget, the rest 408, the server serving throughout", async () => {
    const one = slowBodies(port(), 3000, ["127.0.0.2"]);
    floods.push(one);
    await one.opened;
    expect((await report("3,000 slow bodies, one address")).status).toBe(200);
    // 8 may trickle; the others are refused at once. The 8 get 408 after 10 s of too few bytes.
    await one.answered(3000);
    expect(one.statuses).toEqual({ "408": 8, "429": 2992 });
    one.stop();

    const many = slowBodies(port(), 3000, loopbackAddresses(50));
    floods.push(many);
    await many.opened;
    expect((await report("3,000 slow bodies, 50 addresses")).status).toBe(200);
    // At most 128 at once (8 per address): all others refused, those 128 timed out.
    await many.answered(3000);
    expect(many.statuses["408"]).toBeLessThanOrEqual(128);
    expect((many.statuses["429"] ?? 0) + (many.statuses["503"] ?? 0) + (many.statuses["408"] ?? 0)).toBe(
      3000,
    );
    expect(many.statuses["503"]).toBeGreaterThan(0);
    many.stop();
    expect(exited, "the server exited").toBe(false);
  });

  it("5,000 streams from one address and from 50 on one order: refused past the budget; a watcher elsewhere still hears its order move", async () => {
    const admin = await adminSession(server, ADMIN);
    const target = await submitOrder(server);
    const watched = await submitOrder(server);
    const page = await openEvents(`${server.url}/pesanan/${watched.code}/langsung`, watched.viewCookie!);
    expect((await page.next("status")).data.status).toBe("baru");
    const streamPath = `/pesanan/${target.code}/langsung`;

    const one = streamFlood(port(), 5000, ["127.0.0.2"], streamPath, target.viewCookie!);
    floods.push(one);
    await one.opened;
    await one.answered(5000);
    expect((await report("5,000 streams, one address")).status).toBe(200);
    expect(one.statuses).toEqual({ "200": 32, "429": 4968 });

    const many = streamFlood(port(), 5000, loopbackAddresses(50), streamPath, target.viewCookie!);
    floods.push(many);
    await many.opened;
    await many.answered(5000);
    expect((await report("+ 5,000 streams, 50 addresses")).status).toBe(200);
    expect(many.statuses).toEqual({ "200": 50 * 32, "429": 5000 - 50 * 32 });

    expect(await moveOn(server, admin, watched.code!, "diterima")).toBe(200);
    expect((await page.next("status", (event) => event.data.status === "diterima")).data.status).toBe(
      "diterima",
    );
    await page.close();
    one.stop();
    many.stop();
    expect(exited, "the server exited").toBe(false);
  });
});
