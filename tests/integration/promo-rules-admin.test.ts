/**
 * The promo form's price rule (#16), on PGlite and PostgreSQL: a rule that could never apply or
 * makes no sense is refused with its Indonesian message beside its field (400) and nothing is
 * written; a sound rule is stored and prices the cart; a label that names a time is refused (the
 * time label comes from the rule). Each case fails on the code before the rule form existed (no
 * rule field: every one of these promos was stored as a picture).
 */
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { count, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { DatabaseHandle } from "../../database/client.server.ts";
import { promos, users } from "../../database/schema.ts";
import type { Actor } from "../../app/features/audit/audit-log.server.ts";
import { createPromo, updatePromo } from "../../app/features/catalog/promos.server.ts";
import { newUserId } from "../../app/features/accounts/users.server.ts";
import { useDatabaseHandle } from "../../app/lib/db.server.ts";
import { createTestDatabase, testDatabaseKind } from "../support/test-database.ts";

let handle: DatabaseHandle;
let dataDir: string;
let actor: Actor;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), "nyala-promo-rules-"));
  vi.stubEnv("DATA_DIR", dataDir);
  handle = await createTestDatabase();
  useDatabaseHandle(handle);
  const id = newUserId();
  const email = `admin-${id.toLowerCase()}@contoh.test`;
  await handle.db
    .insert(users)
    .values({ id, nama: "Admin Promo", email, provider: "password", role: "admin" });
  actor = { id, email };
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await handle?.close();
  await rm(dataDir, { recursive: true, force: true });
});

const photo = async () =>
  new Blob([
    new Uint8Array(
      await sharp({ create: { width: 900, height: 600, channels: 3, background: "#f97316" } })
        .png()
        .toBuffer(),
    ),
  ]);

const promoCount = async () => (await handle.db.select({ n: count() }).from(promos))[0]!.n;

/** A sound rule as the form posts it: 10 % off every noodle level, every day. */
const form = (overrides: Record<string, unknown> = {}) => ({
  title: "Hemat Mie",
  description: "Diskon untuk semua level Mie Nyala.",
  label: "",
  urutan: "5",
  aktif: "on",
  kind: "persen",
  days: ["0", "1", "2", "3", "4", "5", "6"],
  audience: "semua",
  scope: "pilihan",
  targets: ["family:Mie Nyala"],
  percent: "10",
  combinable: "on",
  ...overrides,
});

describe(`the promo form's price rule (${testDatabaseKind()})`, () => {
  it.each([
    ["no day", { days: [] }, "days", "Pilih minimal satu hari promo berlaku."],
    [
      "a window whose start equals its end",
      { time_from: "10:00", time_until: "10:00" },
      "time_until",
      "Jam mulai dan jam selesai tidak boleh sama.",
    ],
    [
      "a start without an end",
      { time_from: "10:00" },
      "time_until",
      "Isi jam mulai dan jam selesai, atau kosongkan keduanya.",
    ],
    [
      "a date range in the past for a new promo",
      { active_from: "2020-01-01", active_until: "2020-01-31" },
      "active_until",
      "Tanggal selesai sudah lewat. Promo baru harus berlaku sampai hari ini atau nanti.",
    ],
    [
      "an end before its start",
      { active_from: "2099-02-10", active_until: "2099-02-01" },
      "active_until",
      "Tanggal selesai tidak boleh sebelum tanggal mulai.",
    ],
    [
      "a date range without any of its days (a Monday promo from Tuesday to Wednesday)",
      { days: ["0"], active_from: "2099-06-02", active_until: "2099-06-03" },
      "days",
      "Dalam rentang tanggal itu tidak ada hari yang dipilih, jadi promo tidak akan pernah berlaku.",
    ],
    ["a percent over 100", { percent: "101" }, "percent", "Persen diskon harus angka bulat 1 sampai 100."],
    ["a percent of 0", { percent: "0" }, "percent", "Persen diskon harus angka bulat 1 sampai 100."],
    ["an empty item set", { targets: [] }, "targets", "Pilih minimal satu menu, hidangan, atau kategori."],
    [
      "an item that is not on the menu",
      { targets: ["item:mie-rahasia"] },
      "targets",
      "Ada pilihan menu yang sudah tidak ada. Muat ulang halaman lalu pilih lagi.",
    ],
    [
      "buy 2 get 2 of the same dish",
      { kind: "gratis", buy: "2", free: "2", percent: "" },
      "free",
      "Jumlah gratis harus lebih kecil dari jumlah beli, misalnya beli 2 gratis 1.",
    ],
    [
      "a bundle priced above its items' own sum",
      {
        kind: "paket",
        percent: "",
        scope: "semua",
        targets: [],
        bundle_1: "family:Mie Nyala",
        bundle_1_qty: "1",
        bundle_2: "item:es-teh-jumbo",
        bundle_2_qty: "1",
        bundle_price: "16000",
      },
      "bundle_price",
      "Harga paket harus lebih murah dari harga satuan isinya (Rp 15.000).",
    ],
    [
      "a bundle of one portion",
      { kind: "paket", percent: "", bundle_1: "item:es-nyala", bundle_1_qty: "1", bundle_price: "5000" },
      "bundle_1",
      "Isi paket minimal 2 porsi.",
    ],
    [
      "a label that names a time",
      { label: "Hanya Hari Ini" },
      "label",
      "Label tidak boleh menyebut waktu (hari, jam, tanggal): waktu promo ditulis otomatis dari aturannya.",
    ],
  ])("refuses %s beside its field, writing nothing", async (_case, overrides, field, message) => {
    const before = await promoCount();
    const result = await createPromo(handle.db, actor, form(overrides), await photo());
    expect(result).toMatchObject({ ok: false, status: 400 });
    expect(result.ok ? null : result.fieldErrors[field]).toBe(message);
    expect(await promoCount()).toBe(before);
  });

  it("stores a sound rule, and an edit that breaks it is refused with the rule left as it was", async () => {
    const created = await createPromo(
      handle.db,
      actor,
      form({ time_from: "21:00", time_until: "02:00" }),
      await photo(),
    );
    expect(created.ok).toBe(true);
    const id = created.ok ? created.value.id : 0;
    const [row] = await handle.db.select().from(promos).where(eq(promos.id, id));
    expect(row?.rule).toMatchObject({
      kind: "persen",
      percent: 10,
      targets: ["family:Mie Nyala"],
      time_from: "21:00",
      time_until: "02:00",
      days: [0, 1, 2, 3, 4, 5, 6],
    });
    const refused = await updatePromo(handle.db, actor, id, form({ percent: "150" }), null);
    expect(refused).toMatchObject({ ok: false, status: 400 });
    const [after] = await handle.db.select().from(promos).where(eq(promos.id, id));
    expect(after?.rule).toEqual(row?.rule);
  });
});
