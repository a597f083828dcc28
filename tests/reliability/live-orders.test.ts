import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { moveOn, openEvents } from "./event-streams.ts";
import { adminSession, dropDatabases, freshDatabase, startServer, submitOrder } from "./servers.ts";

/**
 * Live orders across app servers (issue #15), on real production servers sharing one PostgreSQL
 * database: a new order recorded on one server reaches the staff board connected to the other
 * (LISTEN/NOTIFY), a status change made on one reaches the customer's order page connected to
 * the other, and a server whose LISTEN connection dropped catches its pages up from the database
 * once it is back. The clients read the event streams as a browser's EventSource does.
 */
afterAll(dropDatabases);

const ADMIN = "admin-dua-server@nyala.test";

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
