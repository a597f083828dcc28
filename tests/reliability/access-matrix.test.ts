import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCESS, intentsOf, type StaffRoute } from "../../app/features/accounts/access.ts";
import {
  adminSession,
  dropDatabases,
  freshDatabase,
  logIn,
  PASSWORD,
  register,
  startServer,
  submitOrder,
  userIdFromAdminList,
  type Server,
} from "./servers.ts";

/**
 * The staff matrix (docs/decisions/0056-staff-roles.md) against the production build, on PGlite
 * and on PostgreSQL: every staff route and intent, asked by a visitor, a customer and each staff
 * role, answers the status written in this table. The roles are written out here, not read from
 * access.ts: the table is what the shop agreed, the matrix is what the code does.
 */
afterAll(dropDatabases);

type Who = "tamu" | "customer" | "pemilik" | "admin" | "kasir" | "dapur";
const WHO: Who[] = ["tamu", "customer", "pemilik", "admin", "kasir", "dapur"];
const NOT_FOR_YOUR_ROLE = "Halaman ini bukan untuk peranmu.";

interface Case {
  route: StaffRoute;
  intent?: string;
  /** `{kode}`: an order placed before the table runs. */
  path: string;
  method?: "GET" | "POST";
  body?: Record<string, string>;
  /** Sent as multipart, as the page's form with a file field does. */
  multipart?: boolean;
  stream?: boolean;
  /** Who may: space-separated roles. */
  roles: string;
  /** The status for those who may. */
  ok: number;
  /** Printing answers 404 to everyone else; a visitor on these two pages is sent to /masuk. */
  print?: boolean;
  loginFirst?: boolean;
}

const ALL = "pemilik admin kasir dapur";
const COUNTER = "pemilik admin kasir";
const MANAGERS = "pemilik admin";

const CASES: Case[] = [
  { route: "/admin", path: "/admin", roles: ALL, ok: 302 },
  { route: "/admin/dashboard", path: "/admin/dashboard", roles: COUNTER, ok: 200 },
  { route: "/admin/users", path: "/admin/users", roles: "pemilik", ok: 200 },
  {
    route: "/admin/users",
    intent: "delete",
    path: "/admin/users",
    body: { intent: "delete", userId: "" },
    roles: "pemilik",
    ok: 400,
  },
  {
    route: "/admin/users",
    intent: "peran",
    path: "/admin/users",
    body: { intent: "peran", userId: "", peran: "kasir" },
    roles: "pemilik",
    ok: 400,
  },
  { route: "/admin/staf", path: "/admin/staf", roles: "pemilik", ok: 200 },
  ...(
    [
      ["tambah", { intent: "tambah", nama: "", peran: "kasir" }, 400],
      ["peran", { intent: "peran", userId: "", peran: "kasir" }, 400],
      ["hapus", { intent: "hapus", userId: "" }, 404],
      ["undangan", { intent: "undangan", userId: "" }, 404],
      ["buka-pin", { intent: "buka-pin", userId: "" }, 404],
    ] as const
  ).map(([intent, body, ok]): Case => ({
    route: "/admin/staf",
    intent,
    path: "/admin/staf",
    body,
    roles: "pemilik",
    ok,
  })),
  { route: "/admin/perangkat", path: "/admin/perangkat", roles: "pemilik", ok: 200 },
  ...(
    [
      ["pasang", { intent: "pasang", nama: "", peran: "dapur" }, 400],
      ["cabut", { intent: "cabut", userId: "" }, 404],
      ["buka-pin", { intent: "buka-pin", userId: "" }, 404],
    ] as const
  ).map(([intent, body, ok]): Case => ({
    route: "/admin/perangkat",
    intent,
    path: "/admin/perangkat",
    body,
    roles: "pemilik",
    ok,
  })),
  {
    route: "/admin/pengaturan",
    intent: "pin",
    path: "/admin/pengaturan",
    body: { intent: "pin", pinBaru: "1", pinUlang: "1" },
    roles: MANAGERS,
    ok: 400,
  },
  { route: "/admin/profil", path: "/admin/profil", roles: ALL, ok: 200, loginFirst: true },
  { route: "/admin/pengaturan", path: "/admin/pengaturan", roles: ALL, ok: 200, loginFirst: true },
  { route: "/admin/notifikasi-masuk", path: "/admin/notifikasi-masuk", roles: COUNTER, ok: 200 },
  {
    route: "/admin/notifikasi-masuk",
    intent: "*",
    path: "/admin/notifikasi-masuk",
    body: { intent: "read", id: "x" },
    roles: COUNTER,
    ok: 400,
  },
  { route: "/admin/pengaturan-notifikasi", path: "/admin/pengaturan-notifikasi", roles: ALL, ok: 200 },
  {
    route: "/admin/pengaturan-notifikasi",
    intent: "*",
    path: "/admin/pengaturan-notifikasi",
    body: { pesananBaru: "x" },
    roles: ALL,
    ok: 400,
  },
  ...(
    ["/admin/menu", "/admin/menu-populer", "/admin/menu-diskon", "/admin/banner", "/admin/outlet"] as const
  ).flatMap((route): Case[] => [
    { route, path: route, roles: MANAGERS, ok: 200 },
    {
      route,
      intent: "*",
      path: route,
      body: { intent: "tidak-dikenal" },
      multipart: route !== "/admin/menu-populer",
      roles: MANAGERS,
      ok: 400,
    },
  ]),
  { route: "/admin/menu", path: "/admin/produk", roles: MANAGERS, ok: 200 },
  { route: "/admin/menu-diskon", path: "/admin/promo", roles: MANAGERS, ok: 200 },
  {
    route: "/admin/outlet",
    intent: "pembayaran",
    path: "/admin/outlet",
    body: { intent: "pembayaran", transfer_aktif: "x" },
    multipart: true,
    roles: "pemilik",
    ok: 400,
  },
  { route: "/admin/laporan", path: "/admin/laporan", roles: MANAGERS, ok: 200 },
  { route: "/admin/log-perubahan", path: "/admin/log-perubahan", roles: MANAGERS, ok: 200 },
  { route: "/admin/pesanan", path: "/admin/pesanan", roles: ALL, ok: 200 },
  ...(
    [
      ["status", { intent: "status", code: "", status: "diterima" }, ALL, 400],
      ["batal", { intent: "status", code: "", status: "batal" }, COUNTER, 400],
      ["lunas", { intent: "lunas", code: "" }, COUNTER, 404],
      ["belum-lunas", { intent: "belum-lunas", code: "" }, COUNTER, 400],
      ["bersihkan", { intent: "bersihkan" }, COUNTER, 200],
      ["sibuk", { intent: "sibuk", menit: "x" }, COUNTER, 400],
      ["buka", { intent: "buka" }, COUNTER, 200],
      ["porsi", { intent: "porsi", id: "", sisa: "x" }, COUNTER, 400],
    ] as const
  ).map(([intent, body, roles, ok]): Case => ({
    route: "/admin/pesanan",
    intent,
    path: "/admin/pesanan",
    body,
    roles,
    ok,
  })),
  { route: "/admin/pesanan/kasir", path: "/admin/pesanan/kasir", roles: COUNTER, ok: 200 },
  {
    route: "/admin/pesanan/kasir",
    intent: "*",
    path: "/admin/pesanan/kasir",
    body: { nama: "" },
    roles: COUNTER,
    ok: 400,
  },
  { route: "/admin/pesanan/:kode", path: "/admin/pesanan/{kode}", roles: COUNTER, ok: 200 },
  {
    route: "/admin/pesanan/:kode",
    intent: "*",
    path: "/admin/pesanan/{kode}",
    body: { intent: "tidak-dikenal" },
    roles: COUNTER,
    ok: 400,
  },
  { route: "/admin/*", path: "/admin/tidak-ada", roles: ALL, ok: 404 },
  { route: "/admin/pesanan/langsung", path: "/admin/pesanan/langsung", stream: true, roles: ALL, ok: 200 },
  {
    route: "/admin/pesanan/:kode/cetak/:tiket/:kertas",
    intent: "dapur",
    path: "/admin/pesanan/{kode}/cetak/dapur/58",
    roles: ALL,
    ok: 200,
    print: true,
  },
  {
    route: "/admin/pesanan/:kode/cetak/:tiket/:kertas",
    intent: "struk",
    path: "/admin/pesanan/{kode}/cetak/struk/80",
    roles: COUNTER,
    ok: 200,
    print: true,
  },
  ...(["dapur", "struk"] as const).map((tiket): Case => ({
    route: "/admin/pesanan/cetak",
    intent: tiket,
    path: "/admin/pesanan/cetak",
    body: { intent: "ambil", tiket, kertas: "58", kode: "{kode}", perangkat: "matriks-uji-1", catat: "0" },
    roles: tiket === "dapur" ? ALL : COUNTER,
    ok: 200,
    print: true,
  })),
  { route: "/admin/notifikasi-push", path: "/admin/notifikasi-push", roles: ALL, ok: 200 },
  {
    route: "/admin/notifikasi-push",
    intent: "*",
    path: "/admin/notifikasi-push",
    body: { intent: "tidak-dikenal" },
    roles: ALL,
    ok: 400,
  },
];

function expected(who: Who, c: Case): number {
  if (c.roles.split(" ").includes(who)) return c.ok;
  if (c.print) return 404;
  if (who === "tamu") return c.loginFirst && !c.body ? 302 : 401;
  return 403;
}

interface Asked {
  status: number;
  body: string;
  location: string | null;
}

async function ask(server: Server, cookie: string, c: Case, code: string): Promise<Asked> {
  const url = `${server.url}${c.path.replace("{kode}", code)}`;
  const headers: Record<string, string> = { ...(cookie ? { cookie } : {}) };
  if (c.stream) {
    const controller = new AbortController();
    const response = await fetch(url, {
      headers: { ...headers, accept: "text/event-stream" },
      signal: controller.signal,
    });
    controller.abort();
    return { status: response.status, body: "", location: null };
  }
  let body: URLSearchParams | FormData | undefined;
  if (c.body) {
    const fields = Object.entries(c.body).map(([name, value]) => [name, value.replace("{kode}", code)]);
    if (c.multipart) {
      body = new FormData();
      for (const [name, value] of fields) body.set(name!, value!);
    } else body = new URLSearchParams(fields as [string, string][]);
  }
  const response = await fetch(url, {
    method: c.body ? "POST" : "GET",
    body,
    headers: c.body ? { ...headers, origin: server.url } : headers,
    redirect: "manual",
  });
  return { status: response.status, body: await response.text(), location: response.headers.get("location") };
}

const HOMES: Partial<Record<Who, string>> = {
  pemilik: "/admin/dashboard",
  admin: "/admin/dashboard",
  kasir: "/admin/pesanan",
  dapur: "/admin/pesanan",
};

it("covers every route and intent of the matrix", () => {
  for (const route of Object.keys(ACCESS) as StaffRoute[]) {
    expect(
      CASES.some((c) => c.route === route),
      route,
    ).toBe(true);
    for (const intent of intentsOf(route))
      expect(
        CASES.some((c) => c.route === route && c.intent === intent),
        `${route} ${intent}`,
      ).toBe(true);
  }
});

describe.each(["pglite", "postgresql"] as const)("the staff matrix on %s", (backend) => {
  let server: Server;
  let dataDir: string | null = null;
  let code = "";
  let handCode = "";
  const cookies: Record<Who, string> = {
    tamu: "",
    customer: "",
    pemilik: "",
    admin: "",
    kasir: "",
    dapur: "",
  };

  beforeAll(async () => {
    const owner = `pemilik-matriks-${backend}@nyala.test`;
    if (backend === "pglite") {
      dataDir = await mkdtemp(path.join(os.tmpdir(), "nyala-matriks-"));
      server = await startServer({ dataDir }, { ADMIN_EMAILS: owner });
    } else {
      server = await startServer({ databaseUrl: await freshDatabase() }, { ADMIN_EMAILS: owner });
    }
    cookies.pemilik = await adminSession(server, owner);
    for (const who of ["customer", "admin", "kasir", "dapur"] as const) {
      const email = `${who}-matriks-${backend}@contoh.co.id`;
      expect(await register(server, email, `Staf ${who}`)).toBe(200);
      if (who !== "customer") {
        const userId = await userIdFromAdminList(server, cookies.pemilik, email);
        const response = await fetch(`${server.url}/admin/users`, {
          method: "POST",
          body: new URLSearchParams({ intent: "peran", userId, peran: who }),
          headers: { cookie: cookies.pemilik, origin: server.url },
        });
        expect(response.status, `making ${email} ${who}`).toBe(200);
      }
      const login = await logIn(server, email, PASSWORD);
      expect(login.status).toBe(200);
      cookies[who] = login.cookie!;
    }
    const placed = await submitOrder(server);
    expect(placed.status).toBe(201);
    code = placed.code!;
    // A counter order with a number of its own (the guest's above is the shop's default number).
    const hand = await fetch(`${server.url}/admin/pesanan/kasir`, {
      method: "POST",
      body: new URLSearchParams({
        menu: "es-nyala",
        jumlah: "2",
        catatan: "tanpa es matriks",
        nama: "Bu Sari",
        whatsapp: "0813-5555-6666",
        cara: "ambil",
        waktu: "secepatnya",
      }),
      headers: { cookie: cookies.pemilik, origin: server.url },
    });
    expect(hand.status).toBe(200);
    handCode = /Pesanan kasir (NY-[A-Z0-9]+)/.exec(await hand.text())![1]!;
  });

  afterAll(async () => {
    await server?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it.each(
    CASES.map((c) => [`${c.body ? "POST" : "GET"} ${c.path}${c.intent ? ` (${c.intent})` : ""}`, c] as const),
  )("%s", async (_name, c) => {
    const seen: Record<string, number> = {};
    const want: Record<string, number> = {};
    for (const who of WHO) {
      const answer = await ask(server, cookies[who], c, code);
      seen[who] = answer.status;
      want[who] = expected(who, c);
      // A staff page outside the role is refused inside the admin frame, in the role's words.
      if (answer.status === 403 && who !== "customer" && who !== "tamu" && !c.body && !c.stream) {
        expect(answer.body, `${who} ${c.path}`).toContain(NOT_FOR_YOUR_ROLE);
        expect(answer.body, `${who} ${c.path}`).toContain('aria-label="Navigasi admin"');
      }
      if (c.path === "/admin" && HOMES[who]) expect(answer.location, who).toBe(HOMES[who]);
    }
    expect(seen).toEqual(want);
  });

  it("refuses a forged role in a form, and a cashier's try at promoting themselves, writing nothing", async () => {
    const kasirEmail = `kasir-matriks-${backend}@contoh.co.id`;
    const kasirId = await userIdFromAdminList(server, cookies.pemilik, kasirEmail);
    const post = (cookie: string, fields: Record<string, string>) =>
      fetch(`${server.url}/admin/users`, {
        method: "POST",
        body: new URLSearchParams(fields),
        headers: { cookie, origin: server.url },
      });
    const forged = await post(cookies.pemilik, { intent: "peran", userId: kasirId, peran: "superadmin" });
    expect(forged.status).toBe(400);
    expect(await forged.text()).toContain("Pilih peran: pemilik, admin, kasir, dapur, atau pelanggan.");
    const self = await post(cookies.kasir, { intent: "peran", userId: kasirId, peran: "pemilik" });
    expect(self.status).toBe(403);
    // Still a cashier, still signed in: the dashboard opens, the users page does not.
    expect(
      (await fetch(`${server.url}/admin/dashboard`, { headers: { cookie: cookies.kasir } })).status,
    ).toBe(200);
    expect((await fetch(`${server.url}/admin/users`, { headers: { cookie: cookies.kasir } })).status).toBe(
      403,
    );
  });

  it("shows the kitchen's board without a price, a total or the customer's number", async () => {
    const board = (who: Who) =>
      fetch(`${server.url}/admin/pesanan?kode=${handCode}`, { headers: { cookie: cookies[who] } }).then((r) =>
        // A random nonce could spell "Rp5": the attributes are left out of the look.
        r.text().then((html) => html.replace(/nonce="[^"]*"/g, "")),
      );
    const [kitchen, counter] = [await board("dapur"), await board("kasir")];
    expect(counter).toContain(`data-code="${handCode}"`);
    expect(kitchen).toContain(`data-code="${handCode}"`);
    expect(counter).toMatch(/Rp\s?\d/);
    expect(counter).toContain("81355556666");
    // Neither on the page nor in the data it carries for hydration.
    expect(kitchen).not.toMatch(/Rp\s?\d/);
    expect(kitchen).not.toContain("81355556666");
    expect(kitchen).not.toContain("5555-6666");
    expect(kitchen).not.toMatch(/"(subtotal|harga|paid_amount|paid_by)"/);
    expect(kitchen).toContain("tanpa es matriks");
    expect(kitchen).not.toContain("Ubah pesanan");
    expect(kitchen).not.toContain("Batalkan");
    expect(kitchen).not.toContain("Tandai lunas");
  });
});
