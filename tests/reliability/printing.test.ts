import { afterAll, describe, expect, it } from "vitest";
import type { PrintAnswer } from "../../app/features/kitchen/printing/print-api.ts";
import {
  adminSession,
  dropDatabases,
  freshDatabase,
  startServer,
  confirmSent,
  submitOrder,
  type Server,
} from "./servers.ts";

/**
 * Auto-cetak across app servers (docs/decisions/0037-printing-orders.md): boards on two
 * production servers sharing one PostgreSQL database all ask for "the next new order" at once,
 * as their Auto-cetak does; each order's kitchen ticket goes to exactly one of them, and printing
 * it again from either server is a reprint.
 */
afterAll(dropDatabases);

const ADMIN = "admin-cetak-dua-server@nyala.test";

async function ask(server: Server, cookie: string, fields: Record<string, string>): Promise<PrintAnswer> {
  const response = await fetch(`${server.url}/admin/pesanan/cetak`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { cookie, origin: server.url },
  });
  expect(response.status).toBe(200);
  return (await response.json()) as PrintAnswer;
}

describe("Auto-cetak on two app servers", () => {
  it("six boards on two servers print each new order's kitchen ticket exactly once", async () => {
    const databaseUrl = await freshDatabase();
    const servers = [
      await startServer({ databaseUrl }, { ADMIN_EMAILS: ADMIN }),
      await startServer({ databaseUrl }, { ADMIN_EMAILS: ADMIN }),
    ];
    try {
      const cookie = await adminSession(servers[0]!, ADMIN);
      const codes: string[] = [];
      // Confirmed sent: an unconfirmed guest's ticket waits for the staff's Terima (0047).
      for (let i = 0; i < 4; i++) {
        const placed = await submitOrder(servers[i % 2]!);
        expect(await confirmSent(servers[i % 2]!, placed.cookies)).toBe(303);
        codes.push(placed.code!);
      }

      const printed: string[] = [];
      await Promise.all(
        Array.from({ length: 6 }, async (_, board) => {
          const server = servers[board % 2]!;
          const device = `papan-${board}-${"x".repeat(8)}`;
          for (;;) {
            const answer = await ask(server, cookie, {
              intent: "ambil",
              tiket: "dapur",
              kertas: "58",
              perangkat: device,
            });
            if (!answer.ok || !answer.job) return;
            printed.push(answer.job.code);
            expect(await ask(server, cookie, { intent: "selesai", token: answer.job.token! })).toEqual({
              ok: true,
              job: null,
            });
          }
        }),
      );
      expect(printed.sort()).toEqual(codes.sort());
      // Asked again on either server: nothing is left to print, and a manual print is a reprint.
      for (const server of servers)
        expect(
          await ask(server, cookie, {
            intent: "ambil",
            tiket: "dapur",
            kertas: "58",
            perangkat: "papan-akhir-1",
          }),
        ).toEqual({
          ok: true,
          job: null,
        });
      const again = await ask(servers[1]!, cookie, {
        intent: "ambil",
        tiket: "dapur",
        kertas: "80",
        kode: codes[0]!,
        perangkat: "papan-akhir-1",
      });
      expect(again.ok && again.job).toMatchObject({ code: codes[0], reprint: true, token: null });
    } finally {
      await Promise.all(servers.map((server) => server.stop()));
    }
  });
});
