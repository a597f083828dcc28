import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import {
  adminSession,
  dropDatabases,
  freshDatabase,
  startServer,
  submitOrder,
  type Server,
} from "./servers.ts";

/**
 * Live orders across app servers (issue #15), on real production servers sharing one PostgreSQL
 * database: a new order recorded on one server reaches the staff board connected to the other
 * (LISTEN/NOTIFY), a status change made on one reaches the customer's order page connected to
 * the other, and a server whose LISTEN connection dropped catches its pages up from the database
 * once it is back. The clients read the event streams as a browser's EventSource does.
 */
afterAll(dropDatabases);

const ADMIN = "admin-dua-server@nyala.test";

interface Event {
  event: string;
  id: string | null;
  data: Record<string, unknown>;
}

/** An event stream read as EventSource reads it; `next(name)` waits (at most 20 s) for the next such event. */
async function openEvents(url: string, cookie: string) {
  const controller = new AbortController();
  const response = await fetch(url, {
    headers: { cookie, accept: "text/event-stream" },
    signal: controller.signal,
  });
  expect(response.status, url).toBe(200);
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  const events: Event[] = [];
  const pump = (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += decoder.decode(value, { stream: true });
        let end: number;
        while ((end = buffer.indexOf("\n\n")) !== -1) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const field = (name: string) =>
            block
              .split("\n")
              .filter((line) => line.startsWith(`${name}: `))
              .map((line) => line.slice(name.length + 2));
          const [event] = field("event");
          if (event)
            events.push({ event, id: field("id")[0] ?? null, data: JSON.parse(field("data").join("\n")) });
        }
      }
    } catch {
      // aborted
    }
  })();
  return {
    async next(name: string, match: (event: Event) => boolean = () => true): Promise<Event> {
      const deadline = Date.now() + 20_000;
      for (;;) {
        const index = events.findIndex((event) => event.event === name && match(event));
        if (index !== -1) return events.splice(0, index + 1).at(-1)!;
        if (Date.now() > deadline) throw new Error(`no "${name}" event from ${url} within 20 s`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    async close() {
      controller.abort();
      await pump;
    },
  };
}

async function moveOn(server: Server, cookie: string, code: string, status: string) {
  const response = await fetch(`${server.url}/admin/pesanan`, {
    method: "POST",
    body: new URLSearchParams({ intent: "status", code, status }),
    headers: { cookie, origin: server.url },
  });
  await response.arrayBuffer();
  return response.status;
}

describe("live orders across two app servers on one PostgreSQL database", () => {
  it("an order recorded on one server appears on the other's board; a status change on one reaches a page watching the other", async () => {
    const databaseUrl = await freshDatabase();
    const a = await startServer({ databaseUrl }, { ADMIN_EMAILS: ADMIN });
    const b = await startServer({ databaseUrl }, { ADMIN_EMAILS: ADMIN });
    try {
      const cookie = await adminSession(a, ADMIN);
      const board = await openEvents(`${b.url}/admin/pesanan/langsung`, cookie);
      expect((await board.next("halo")).data).toMatchObject({ baru: 0 });

      const order = await submitOrder(a);
      expect(order.status).toBe(201);
      const announced = await board.next("pesanan");
      expect(announced.data.changes).toContainEqual({ code: order.code, kind: "baru" });
      expect(announced.data.baru).toBe(1);

      const page = await openEvents(`${b.url}/pesanan/${order.code}/langsung`, order.viewCookie!);
      const opened = await page.next("status");
      expect(opened.data).toMatchObject({ code: order.code, status: "baru" });

      expect(await moveOn(a, cookie, order.code!, "diterima")).toBe(200);
      const moved = await page.next("status");
      expect(moved.data.status).toBe("diterima");
      expect(Number(moved.id)).toBeGreaterThan(Number(opened.id));
      expect((await board.next("pesanan")).data.changes).toContainEqual({ code: order.code, kind: "status" });
      await Promise.all([page.close(), board.close()]);
    } finally {
      await Promise.all([a.stop(), b.stop()]);
    }
  });

  it("a server whose LISTEN connection dropped catches its open pages up from the database when it is back", async () => {
    const databaseUrl = await freshDatabase();
    const a = await startServer({ databaseUrl }, { ADMIN_EMAILS: ADMIN });
    const b = await startServer({ databaseUrl }, { ADMIN_EMAILS: ADMIN });
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    try {
      const cookie = await adminSession(a, ADMIN);
      const order = await submitOrder(a);
      const page = await openEvents(`${b.url}/pesanan/${order.code}/langsung`, order.viewCookie!);
      expect((await page.next("status")).data.status).toBe("baru");

      // Every LISTEN connection is cut; the change below is announced while they are down.
      await admin.query(
        "select pg_terminate_backend(pid) from pg_stat_activity where query ilike 'LISTEN%' and pid <> pg_backend_pid()",
      );
      expect(await moveOn(a, cookie, order.code!, "diterima")).toBe(200);
      expect(await moveOn(a, cookie, order.code!, "dimasak")).toBe(200);
      const caughtUp = await page.next("status", (event) => event.data.status === "dimasak");
      const steps = caughtUp.data.steps as { status: string; state: string }[];
      expect(steps.filter((step) => step.state !== "ahead").map((step) => step.status)).toEqual([
        "baru",
        "diterima",
        "dimasak",
      ]);
      await page.close();
    } finally {
      await admin.end();
      await Promise.all([a.stop(), b.stop()]);
    }
  });
});
