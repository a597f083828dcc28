import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../../database/client.server.ts";
import { notifications, sessions, users } from "../../../database/schema.ts";
import { action as notificationsAction } from "../../../app/routes/admin/notifikasi-masuk.tsx";
import { action as settingsAction } from "../../../app/routes/admin/pengaturan-notifikasi.tsx";
import { action as usersAction, loader as usersLoader } from "../../../app/routes/admin/users.tsx";
import { loader as dashboardLoader } from "../../../app/routes/admin/dashboard.tsx";
import {
  ensureAdminInbox,
  getNotificationSwitches,
  listNotifications,
  notifyAdmins,
  saveNotificationSwitches,
} from "../../../app/features/notifications/notifications.server.ts";
import {
  changeUserRole,
  deleteUser,
  listUsers,
  USER_COUNT_CAP,
  userStats,
} from "../../../app/features/admin/users.server.ts";
import { getOptionalUser } from "../../../app/features/accounts/auth.server.ts";
import { useDatabaseHandle } from "../../../app/lib/db.server.ts";
import { createSession } from "../../../app/features/accounts/session.server.ts";
import { newUserId } from "../../../app/features/accounts/users.server.ts";
import { createTestDatabase, testDatabaseKind } from "../../support/test-database.ts";
import { call, get, post, uniqueEmail } from "./auth-support.ts";

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await createTestDatabase();
  useDatabaseHandle(handle);
});
afterAll(async () => {
  await handle?.close();
});

interface Account {
  id: string;
  email: string;
  token: string;
}

async function account(
  fields: {
    nama?: string;
    email?: string;
    role?: "pemilik" | "customer";
    provider?: "password" | "google";
  } = {},
  createdAt = new Date(),
): Promise<Account> {
  const id = newUserId();
  const email = fields.email ?? uniqueEmail(fields.role ?? "pelanggan");
  await handle.db.insert(users).values({
    id,
    nama: fields.nama ?? "Pengguna Uji",
    email,
    role: fields.role ?? "customer",
    provider: fields.provider ?? "password",
    created_at: createdAt,
  });
  const { token } = await createSession(handle.db, id);
  return { id, email, token };
}

const whoAmI = (token: string) =>
  call(({ context }) => ({ user: getOptionalUser(context) }), get("/beranda", { session: token }));

describe(`admin actions refuse everyone but admins (${testDatabaseKind()})`, () => {
  it("answers 401 to nobody and 403 to a customer, and changes nothing", async () => {
    const customer = await account();
    const victim = await account({ nama: "Korban" });
    const attempts: { handler: Parameters<typeof call>[0]; path: string; values: Record<string, string> }[] =
      [
        { handler: usersAction, path: "/admin/users", values: { intent: "delete", userId: victim.id } },
        { handler: notificationsAction, path: "/admin/notifikasi-masuk", values: { intent: "read-all" } },
        { handler: settingsAction, path: "/admin/pengaturan-notifikasi", values: { pesananBaru: "on" } },
      ];
    for (const { handler, path, values } of attempts) {
      const anonymous = await call(handler, post(path, values));
      expect(anonymous.status, path).toBe(401);
      expect(anonymous.body).toContain("Anda harus login terlebih dahulu!");
      const asCustomer = await call(handler, post(path, values, { session: customer.token }));
      expect(asCustomer.status, path).toBe(403);
    }
    const [stillThere] = await handle.db.select().from(users).where(eq(users.id, victim.id));
    expect(stillThere?.nama).toBe("Korban");
  });

  it("answers 401/403 to the loaders too, before reading anything", async () => {
    const customer = await account();
    for (const loader of [usersLoader, dashboardLoader] as Parameters<typeof call>[0][]) {
      expect((await call(loader, get("/admin/users"))).status).toBe(401);
      const denied = await call(loader, get("/admin/users", { session: customer.token }));
      expect(denied.status).toBe(403);
      expect(denied.body).not.toContain(customer.email);
    }
  });
});

describe(`user list: search and pages in the database (${testDatabaseKind()})`, () => {
  const tag = `cari${Date.now().toString(36)}`;
  beforeAll(async () => {
    const base = Date.now();
    for (let i = 0; i < 25; i++) {
      await account(
        { nama: `Budi ${tag} Nomor ${String(i).padStart(2, "0")}`, email: `budi${i}.${tag}@contoh.test` },
        new Date(base - i * 60_000),
      );
    }
    await account({ nama: `Siti 100%_${tag}`, email: `siti.${tag}@GMAIL.test`.toLowerCase() });
  });

  it("finds by nama or e-mail in any letter case, newest first, 20 to a page", async () => {
    const first = await listUsers(handle.db, { query: `BUDI ${tag.toUpperCase()}` });
    expect(first.total).toBe(25);
    expect(first.pageCount).toBe(2);
    expect(first.users).toHaveLength(20);
    expect(first.users[0]?.nama).toBe(`Budi ${tag} Nomor 00`);
    const second = await listUsers(handle.db, { query: `budi ${tag}`, page: 2 });
    expect(second.users.map((user) => user.nama)).toEqual(
      [20, 21, 22, 23, 24].map((i) => `Budi ${tag} Nomor ${i}`),
    );
    const byEmail = await listUsers(handle.db, { query: `SITI.${tag}@gmail` });
    expect(byEmail.users.map((user) => user.nama)).toEqual([`Siti 100%_${tag}`]);
  });

  it("takes %, _ and \\ literally and never answers with a hash", async () => {
    expect((await listUsers(handle.db, { query: `100%_${tag}` })).total).toBe(1);
    expect((await listUsers(handle.db, { query: `10_%${tag}` })).total).toBe(0);
    expect((await listUsers(handle.db, { query: "\\" })).total).toBe(0);
    const page = await listUsers(handle.db, { query: tag });
    expect(Object.keys(page.users[0]!).sort()).toEqual([
      "created_at",
      "email",
      "id",
      "nama",
      "provider",
      "role",
    ]);
  });

  it("clamps a page past the end to the last page", async () => {
    const page = await listUsers(handle.db, { query: `budi ${tag}`, page: 99 });
    expect(page.page).toBe(2);
    expect(page.users).toHaveLength(5);
  });

  it("stops counting at 1,000 matches and still reaches every page", async () => {
    const many = `banyak${tag}`;
    await handle.db.execute(
      sql`insert into users (id, nama, email, provider, created_at)
          select ${many} || g, 'Pelanggan ' || ${many} || ' ' || g, ${many} || g || '@contoh.test', 'password',
                 now() - (g || ' seconds')::interval
          from generate_series(1, ${USER_COUNT_CAP + 50}) as g`,
    );
    const first = await listUsers(handle.db, { query: many });
    expect(first).toMatchObject({ total: USER_COUNT_CAP, totalCapped: true, pageCount: null, hasNext: true });
    const last = await listUsers(handle.db, { query: many, page: 53 });
    expect(last.page).toBe(53);
    expect(last.users.map((user) => user.nama)).toEqual(
      Array.from({ length: 10 }, (_, i) => `Pelanggan ${many} ${1041 + i}`),
    );
    expect(last.hasNext).toBe(false);
  });

  it("says so when the list cannot be loaded, instead of showing an empty table", async () => {
    const admin = await account({ role: "pemilik" });
    const down = await createTestDatabase();
    await down.close(); // a database that is no longer there
    const answer = await call(
      async (args) => {
        useDatabaseHandle(down); // after the session was read: only the list itself fails
        try {
          return await usersLoader(args as never);
        } finally {
          useDatabaseHandle(handle);
        }
      },
      get("/admin/users", { session: admin.token }),
    );
    expect(answer.status).toBe(503);
    expect(answer.json).toMatchObject({
      result: null,
      error: "Daftar pengguna gagal dimuat. Silakan muat ulang halaman.",
    });
  });

  it("the page's loader reads q and page from the address", async () => {
    const admin = await account({ role: "pemilik" });
    const answer = await call(
      usersLoader,
      get(`/admin/users?q=${encodeURIComponent(tag.toUpperCase())}&page=abc`, { session: admin.token }),
    );
    expect(answer.status).toBe(200);
    expect(answer.body).toContain(`Siti 100%_${tag}`);
    expect(answer.body).not.toContain("password_hash");
  });
});

describe(`deleting users (${testDatabaseKind()})`, () => {
  it("needs an id: 400 'User ID tidak boleh kosong'", async () => {
    const admin = await account({ role: "pemilik" });
    for (const userId of ["", "   "]) {
      const answer = await call(
        usersAction,
        post("/admin/users", { intent: "delete", userId }, { session: admin.token }),
      );
      expect(answer.status).toBe(400);
      expect(answer.json).toMatchObject({ status: "error", message: "User ID tidak boleh kosong" });
    }
    const missingField = await call(
      usersAction,
      post("/admin/users", { intent: "delete" }, { session: admin.token }),
    );
    expect(missingField.status).toBe(400);
  });

  it("deletes the user and ends all of their sessions at once", async () => {
    const admin = await account({ role: "pemilik" });
    const customer = await account({ nama: "Akan Dihapus" });
    const secondDevice = await createSession(handle.db, customer.id);
    expect((await whoAmI(customer.token)).json).toMatchObject({ user: { email: customer.email } });
    const answer = await call(
      usersAction,
      post("/admin/users", { intent: "delete", userId: customer.id }, { session: admin.token }),
    );
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({
      status: "success",
      intent: "delete",
      message: "Pengguna berhasil dihapus",
    });
    expect(await handle.db.select().from(users).where(eq(users.id, customer.id))).toHaveLength(0);
    expect(await handle.db.select().from(sessions).where(eq(sessions.user_id, customer.id))).toHaveLength(0);
    expect((await whoAmI(customer.token)).json).toEqual({ user: null });
    expect((await whoAmI(secondDevice.token)).json).toEqual({ user: null });
  });

  it("refuses the admin's own account and an unknown id, with a clear message", async () => {
    const admin = await account({ role: "pemilik" });
    const self = await call(
      usersAction,
      post("/admin/users", { intent: "delete", userId: admin.id }, { session: admin.token }),
    );
    expect(self.status).toBe(400);
    expect(self.json).toMatchObject({
      status: "error",
      message: "Anda tidak bisa menghapus akun Anda sendiri.",
    });
    const unknown = await call(
      usersAction,
      post("/admin/users", { intent: "delete", userId: "tidak-ada" }, { session: admin.token }),
    );
    expect(unknown.status).toBe(404);
    expect((await whoAmI(admin.token)).json).toMatchObject({ user: { id: admin.id } });
  });

  it("two admins deleting each other at the same moment leave one admin", async () => {
    // A database of its own: the other tests' admins would keep the count above one.
    const own = await createTestDatabase();
    try {
      const make = async (nama: string) => {
        const id = newUserId();
        await own.db
          .insert(users)
          .values({ id, nama, email: uniqueEmail("admin"), role: "pemilik", provider: "password" });
        return id;
      };
      // Open several connections first, so both deletions really run side by side.
      await Promise.all(Array.from({ length: 4 }, () => own.db.execute(sql`select pg_sleep(0.02)`)));
      for (let round = 0; round < 5; round++) {
        await own.db.delete(users).where(eq(users.role, "pemilik"));
        const [first, second] = [await make("Admin Satu"), await make("Admin Dua")];
        const results = await Promise.all([
          deleteUser(own.db, first, second),
          deleteUser(own.db, second, first),
        ]);
        expect(results.filter((result) => result.ok)).toHaveLength(1);
        expect(results.find((result) => !result.ok)).toMatchObject({ status: 409 });
        expect(await own.db.select().from(users).where(eq(users.role, "pemilik"))).toHaveLength(1);
      }
    } finally {
      await own.close();
    }
  });
});

describe(`roles (${testDatabaseKind()})`, () => {
  it("a role change ends that person's sessions and is written to the audit log", async () => {
    const owner = await account({ role: "pemilik" });
    const staff = await account({ nama: "Kasir Baru" });
    expect((await whoAmI(staff.token)).json).toMatchObject({ user: { id: staff.id, role: "customer" } });
    const result = await changeUserRole(handle.db, owner, staff.id, "kasir");
    expect(result).toMatchObject({ ok: true, from: "customer", to: "kasir" });
    expect(await handle.db.select().from(sessions).where(eq(sessions.user_id, staff.id))).toHaveLength(0);
    expect((await whoAmI(staff.token)).json).toEqual({ user: null });
    const [row] = await handle.db.select({ role: users.role }).from(users).where(eq(users.id, staff.id));
    expect(row?.role).toBe("kasir");
    const audit = await handle.db.execute(
      sql`select summary from audit_log where entity = 'pengguna' and entity_id = ${staff.id}`,
    );
    expect((audit as unknown as { rows: { summary: string }[] }).rows[0]?.summary).toBe(
      "Peran Kasir Baru: Pelanggan → Kasir",
    );
  });

  it("refuses an unknown role, one's own role and a role the person has, changing nothing", async () => {
    const owner = await account({ role: "pemilik" });
    const staff = await account();
    expect(await changeUserRole(handle.db, owner, staff.id, "superadmin")).toMatchObject({ status: 400 });
    expect(await changeUserRole(handle.db, owner, staff.id, "__proto__")).toMatchObject({ status: 400 });
    expect(await changeUserRole(handle.db, owner, owner.id, "kasir")).toMatchObject({ status: 400 });
    expect(await changeUserRole(handle.db, owner, staff.id, "customer")).toMatchObject({ status: 409 });
    expect(await changeUserRole(handle.db, owner, "tidak-ada", "kasir")).toMatchObject({ status: 404 });
    expect((await whoAmI(staff.token)).json).toMatchObject({ user: { id: staff.id, role: "customer" } });
  });

  it("two owners demoting each other at the same moment leave one owner", async () => {
    const own = await createTestDatabase();
    try {
      const make = async (nama: string) => {
        const id = newUserId();
        const email = uniqueEmail("pemilik");
        await own.db.insert(users).values({ id, nama, email, role: "pemilik", provider: "password" });
        return { id, email };
      };
      await Promise.all(Array.from({ length: 4 }, () => own.db.execute(sql`select pg_sleep(0.02)`)));
      for (let round = 0; round < 5; round++) {
        await own.db.delete(users);
        const [first, second] = [await make("Pemilik Satu"), await make("Pemilik Dua")];
        const results = await Promise.all([
          changeUserRole(own.db, first, second.id, "admin"),
          changeUserRole(own.db, second, first.id, "admin"),
        ]);
        expect(results.filter((result) => result.ok)).toHaveLength(1);
        expect(results.find((result) => !result.ok)).toMatchObject({
          status: 409,
          message: "Pemilik terakhir tidak bisa diturunkan. Jadikan pengguna lain pemilik terlebih dahulu.",
        });
        expect(await own.db.select().from(users).where(eq(users.role, "pemilik"))).toHaveLength(1);
      }
    } finally {
      await own.close();
    }
  });
});

describe(`dashboard figures (${testDatabaseKind()})`, () => {
  it("counts users, the last 7 days and each provider", async () => {
    const before = await userStats(handle.db);
    await account({ provider: "google" });
    await account({ provider: "password" });
    await account({ provider: "password" }, new Date(Date.now() - 8 * 24 * 60 * 60 * 1000));
    const after = await userStats(handle.db);
    expect(after.total - before.total).toBe(3);
    expect(after.newLast7Days - before.newLast7Days).toBe(2);
    expect(after.byProvider.google - before.byProvider.google).toBe(1);
    expect(after.byProvider.password - before.byProvider.password).toBe(2);
  });
});

describe(`notifications per admin (${testDatabaseKind()})`, () => {
  it("a new admin's inbox starts empty (no made-up samples), even when two first visits race", async () => {
    const admin = await account({ role: "pemilik" });
    await Promise.all([ensureAdminInbox(handle.db, admin.id), ensureAdminInbox(handle.db, admin.id)]);
    await ensureAdminInbox(handle.db, admin.id);
    expect(await listNotifications(handle.db, admin.id)).toEqual([]);
    expect(await getNotificationSwitches(handle.db, admin.id)).toEqual({
      pesananBaru: true,
      penggunaBaru: true,
      pesanKontak: true,
    });
  });

  it("a notification reaches every admin whose switch for it is on, and no customer", async () => {
    const wants = await account({ role: "pemilik" });
    const declines = await account({ role: "pemilik" });
    const customer = await account();
    await saveNotificationSwitches(handle.db, declines.id, {
      pesananBaru: true,
      penggunaBaru: false,
      pesanKontak: true,
    });
    await notifyAdmins(handle.db, "penggunaBaru", {
      judul: "Pengguna baru",
      pesan: "Uji (uji@contoh.test) baru saja mendaftar.",
    });
    expect((await listNotifications(handle.db, wants.id)).map((item) => item.judul)).toEqual([
      "Pengguna baru",
    ]);
    expect(await listNotifications(handle.db, declines.id)).toEqual([]);
    expect(await listNotifications(handle.db, customer.id)).toEqual([]);
  });

  it("Tandai Dibaca marks only the admin's own notification", async () => {
    const admin = await account({ role: "pemilik" });
    const other = await account({ role: "pemilik" });
    await ensureAdminInbox(handle.db, admin.id);
    await ensureAdminInbox(handle.db, other.id);
    await notifyAdmins(handle.db, "pesananBaru", {
      judul: "Pesanan baru",
      pesan: "NY-AAAA · Uji · Ambil sendiri: 1x Es Nyala — Rp 8.000",
    });
    const [mine] = await listNotifications(handle.db, admin.id);
    const [theirs] = await listNotifications(handle.db, other.id);
    const read = await call(
      notificationsAction,
      post("/admin/notifikasi-masuk", { intent: "read", id: String(mine!.id) }, { session: admin.token }),
    );
    expect(read.status).toBe(200);
    const foreign = await call(
      notificationsAction,
      post("/admin/notifikasi-masuk", { intent: "read", id: String(theirs!.id) }, { session: admin.token }),
    );
    expect(foreign.status).toBe(404);
    for (const id of ["abc", "-1", "1.5", ""]) {
      const bad = await call(
        notificationsAction,
        post("/admin/notifikasi-masuk", { intent: "read", id }, { session: admin.token }),
      );
      expect(bad.status, id).toBe(400);
    }
    const rows = await handle.db
      .select()
      .from(notifications)
      .where(inArray(notifications.id, [mine!.id, theirs!.id]));
    expect(rows.find((row) => row.id === mine!.id)?.sudah_dibaca).toBe(true);
    expect(rows.find((row) => row.id === theirs!.id)?.sudah_dibaca).toBe(false);
  });

  it("Simpan stores the switches for this admin only; one per notification the shop sends, all on by default", async () => {
    const admin = await account({ role: "pemilik" });
    const other = await account({ role: "pemilik" });
    expect(await getNotificationSwitches(handle.db, admin.id)).toEqual({
      pesananBaru: true,
      penggunaBaru: true,
      pesanKontak: true,
    });
    const saved = await call(
      settingsAction,
      // A switch for something the shop does not have (comments) is no switch at all.
      post("/admin/pengaturan-notifikasi", { penggunaBaru: "on", komentar: "on" }, { session: admin.token }),
    );
    expect(saved.status).toBe(200);
    expect(saved.json).toMatchObject({ status: "success", message: "Pengaturan notifikasi disimpan!" });
    expect(await getNotificationSwitches(handle.db, admin.id)).toEqual({
      pesananBaru: false,
      penggunaBaru: true,
      pesanKontak: false,
    });
    expect(await getNotificationSwitches(handle.db, other.id)).toEqual({
      pesananBaru: true,
      penggunaBaru: true,
      pesanKontak: true,
    });
    const bad = await call(
      settingsAction,
      post("/admin/pengaturan-notifikasi", { pesananBaru: "ya" }, { session: admin.token }),
    );
    expect(bad.status).toBe(400);
    expect((await getNotificationSwitches(handle.db, admin.id)).pesananBaru).toBe(false);
  });
});
