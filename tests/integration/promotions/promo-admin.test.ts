/**
 * /admin/menu-diskon's writes on PGlite and PostgreSQL: promos with their pictures, audit entries
 * and price rules. The form's own checks are unit-tested in features/promotions/promo-schema.test.ts.
 */
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { and, count, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { DatabaseHandle } from "../../../database/client.server.ts";
import { auditLog, promos } from "../../../database/schema.ts";
import { action as promoAction } from "../../../app/routes/admin/operasi/promo.tsx";
import type { Actor } from "../../../app/features/audit/audit-log.server.ts";
import { createSession } from "../../../app/features/accounts/session.server.ts";
import type * as ImagesModule from "../../../app/features/media/images.server.ts";
import { getActivePromos } from "../../../app/features/promotions/promo-cards.server.ts";
import { loadActivePromos } from "../../../app/features/promotions/active-promos.server.ts";
import { PromoSchema } from "../../../app/features/promotions/promo-schema.ts";
import {
  createPromo,
  deletePromo,
  getPromoAdminPage,
  listPromosForAdmin,
  updatePromo,
} from "../../../app/features/promotions/promos.server.ts";
import { PEER_ADDRESS_HEADER } from "../../../app/lib/client-address.server.ts";
import { useDatabaseHandle } from "../../../app/lib/db.server.ts";
import { MAX_ROW_ID } from "../../../app/lib/form-input.server.ts";
import { storedPhotos } from "../../support/photos.ts";
import { createAdmin } from "../../support/accounts.ts";
import { createTestDatabase, testDatabaseKind } from "../../support/test-database.ts";
import { call, ORIGIN } from "../accounts/auth-support.ts";

let handle: DatabaseHandle;
let dataDir: string;
let actor: Actor;
let adminToken: string;

/** Runs right after an upload is stored, before the write that uses it (the race test). */
const afterPhotoStored = vi.hoisted(() => ({ run: null as null | (() => Promise<unknown>) }));
vi.mock("../../../app/features/media/images.server.ts", async (importOriginal) => {
  const original = await importOriginal<typeof ImagesModule>();
  return {
    ...original,
    saveImage: async (...args: Parameters<typeof original.saveImage>) => {
      const saved = await original.saveImage(...args);
      await afterPhotoStored.run?.();
      return saved;
    },
  };
});

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), "nyala-promos-"));
  vi.stubEnv("DATA_DIR", dataDir);
  handle = await createTestDatabase();
  useDatabaseHandle(handle);
  actor = await createAdmin(handle.db, "Admin Promo");
  adminToken = (await createSession(handle.db, actor.id)).token;
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await handle?.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** A picture of one size and colour: pictures alike are stored as one file. */
const photo = async (width = 900, height = 600, background = "#f97316") =>
  new Blob([
    new Uint8Array(
      await sharp({ create: { width, height, channels: 3, background } })
        .png()
        .toBuffer(),
    ),
  ]);

/** The form's values as the page's action hands them to a write: checked by PromoSchema. */
const values = (posted: Record<string, unknown>) => PromoSchema.parse(posted);

const counts = async () => ({
  promos: (await handle.db.select({ n: count() }).from(promos))[0]!.n,
  audit: (await handle.db.select({ n: count() }).from(auditLog))[0]!.n,
});
const lastAudit = async () =>
  (await handle.db.select().from(auditLog).orderBy(auditLog.id)).at(-1) as typeof auditLog.$inferSelect;
const uploadedFiles = () => storedPhotos(handle.db);

/** A sound rule as the form posts it: 10 % off every noodle level, every day. */
const ruleForm = (overrides: Record<string, string | string[]> = {}) => ({
  title: "Hemat Mie",
  aktif: "on",
  kind: "persen",
  days: ["0", "1", "2", "3", "4", "5", "6"],
  scope: "pilihan",
  targets: ["family:Mie Nyala"],
  percent: "10",
  combinable: "on",
  ...overrides,
});

/** The promo form posted to the page's action by a signed-in admin (multipart, with a photo). */
async function postForm(fields: Record<string, string | string[]>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields))
    for (const one of [value].flat()) form.append(name, one);
  form.append("foto", await photo(640, 400, "#0f766e"), "foto.png");
  const draft = new Request(`${ORIGIN}/admin/menu-diskon`, { method: "POST", body: form });
  const body = new Uint8Array(await draft.arrayBuffer());
  const headers = new Headers({
    "content-type": draft.headers.get("content-type")!,
    "content-length": String(body.byteLength),
    host: new URL(ORIGIN).host,
    origin: ORIGIN,
    cookie: `nyala_session=${adminToken}`,
    [PEER_ADDRESS_HEADER]: "192.0.2.40",
  });
  return call(promoAction, new Request(draft.url, { method: "POST", body, headers }));
}

describe(`promos (${testDatabaseKind()})`, () => {
  // The days are in 2099 (a new promo may not end in the past); the store's calendar is WITA (UTC+8).
  const at = (iso: string) => new Date(`${iso}+08:00`);

  it("creates a promo shown only from its first to its last day, in the store's calendar", async () => {
    const result = await createPromo(
      handle.db,
      actor,
      values({
        title: "Jumat Pedas",
        description: "Level 5 diskon 10%.",
        label: "Pedas",
        urutan: "4",
        aktif: "on",
        active_from: "2099-11-20",
        active_until: "2099-11-21",
      }),
      await photo(),
    );
    expect(result.ok).toBe(true);
    const id = result.ok ? result.value.id : 0;
    const titles = async (iso: string) =>
      (await getActivePromos(handle.db, at(iso))).map((promo) => promo.title);
    expect(await titles("2099-11-19T23:59:00")).not.toContain("Jumat Pedas");
    expect(await titles("2099-11-20T00:00:00")).toContain("Jumat Pedas");
    expect(await titles("2099-11-21T23:59:00")).toContain("Jumat Pedas");
    expect(await titles("2099-11-22T00:00:00")).not.toContain("Jumat Pedas");
    const [listed] = (await listPromosForAdmin(handle.db, "Asia/Makassar")).filter(
      (promo) => promo.id === id,
    );
    expect(listed).toMatchObject({ active_from: "2099-11-20", active_until: "2099-11-21", label: "Pedas" });
    expect((await lastAudit()).summary).toBe("Promo baru Jumat Pedas");
  });

  it("switching a promo off hides it; deleting removes it", async () => {
    const [row] = await handle.db.select().from(promos).where(eq(promos.title, "Jumat Pedas"));
    const result = await updatePromo(
      handle.db,
      actor,
      row!.id,
      values({ title: "Jumat Pedas", urutan: "4" }),
      null,
    );
    expect(result.ok).toBe(true);
    expect(
      await handle.db
        .select()
        .from(promos)
        .where(and(eq(promos.id, row!.id), eq(promos.aktif, false))),
    ).toHaveLength(1);
    expect(row?.image).toMatch(/^\/gambar\/promo\//);
    expect(await deletePromo(handle.db, actor, row!.id)).toEqual({ ok: true, value: undefined });
    expect(await deletePromo(handle.db, actor, row!.id)).toMatchObject({ ok: false, status: 404 });
  });

  it("an edit logs each changed field before → after", async () => {
    const created = await createPromo(
      handle.db,
      actor,
      values({ title: "Senin Hemat", label: "Hemat", urutan: "4", aktif: "on", active_until: "2099-11-21" }),
      await photo(),
    );
    const id = created.ok ? created.value.id : 0;
    const edit = { title: "Senin Super Hemat", label: "Hemat", urutan: "5" };
    expect(await updatePromo(handle.db, actor, id, values({ ...edit, active_until: "" }), null)).toEqual({
      ok: true,
      value: undefined,
    });
    const audit = await lastAudit();
    expect(audit).toMatchObject({ action: "ubah", entity: "promo", entity_id: String(id) });
    expect(audit.summary).toBe(
      "Promo Senin Super Hemat: judul Senin Hemat → Senin Super Hemat, urutan 4 → 5, dinonaktifkan, tampil sampai 2099-11-21 → kosong",
    );
    expect(audit.details).toEqual({
      changes: {
        title: ["Senin Hemat", "Senin Super Hemat"],
        urutan: [4, 5],
        aktif: [true, false],
        active_until: ["2099-11-21", ""],
      },
    });
    await updatePromo(handle.db, actor, id, values(edit), null);
    expect((await lastAudit()).summary).toBe("Promo Senin Super Hemat: tanpa perubahan");
  });

  it("refuses an id beyond the database's integers, or an unknown promo, before storing a picture", async () => {
    const [rows, before, files] = [
      await handle.db.select().from(promos),
      await counts(),
      await uploadedFiles(),
    ];
    for (const id of [MAX_ROW_ID + 1, 3_000_000_000, 0, -1, 1.5, Number.NaN, 99_999]) {
      const edit = values({ title: "Promo", aktif: "on" });
      expect(
        await updatePromo(handle.db, actor, id, edit, await photo(640, 480, "#234567")),
        String(id),
      ).toEqual({
        ok: false,
        status: 404,
        message: "Promo tidak ditemukan. Mungkin sudah dihapus.",
        fieldErrors: {},
      });
      expect(await deletePromo(handle.db, actor, id), String(id)).toMatchObject({ ok: false, status: 404 });
    }
    expect(await handle.db.select().from(promos)).toEqual(rows);
    expect(await counts()).toEqual(before);
    expect(await uploadedFiles()).toEqual(files);
  });

  it("a promo deleted while its edit is saved: 404, and the new picture is not left behind", async () => {
    const keep = await createPromo(
      handle.db,
      actor,
      values({ title: "Tetap", aktif: "on" }),
      await photo(700, 500, "#345678"),
    );
    const gone = await createPromo(handle.db, actor, values({ title: "Hilang", aktif: "on" }), await photo());
    const [keepId, goneId] = [keep.ok ? keep.value.id : 0, gone.ok ? gone.value.id : 0];
    const files = await uploadedFiles();
    const [kept] = await handle.db.select().from(promos).where(eq(promos.id, keepId));

    // Another admin deletes the promo after the edit found it and stored its new picture.
    let stored = 0;
    afterPhotoStored.run = async () => {
      afterPhotoStored.run = null;
      stored++;
      expect(await deletePromo(handle.db, actor, goneId)).toEqual({ ok: true, value: undefined });
    };
    try {
      const fresh = await photo(700, 500, "#456789");
      expect(await updatePromo(handle.db, actor, goneId, values({ title: "Hilang" }), fresh)).toMatchObject({
        ok: false,
        status: 404,
      });
      expect(stored).toBe(1);
      expect(await uploadedFiles()).toEqual(files);

      // The same picture as another promo's is one file: it stays while that promo shows it.
      const again = await createPromo(
        handle.db,
        actor,
        values({ title: "Hilang", aktif: "on" }),
        await photo(),
      );
      const againId = again.ok ? again.value.id : 0;
      afterPhotoStored.run = () => {
        afterPhotoStored.run = null;
        return deletePromo(handle.db, actor, againId);
      };
      const same = await photo(700, 500, "#345678");
      expect(await updatePromo(handle.db, actor, againId, values({ title: "Hilang" }), same)).toMatchObject({
        ok: false,
        status: 404,
      });
      expect(await uploadedFiles()).toContain(`promo/${path.basename(kept!.image)}`);
    } finally {
      afterPhotoStored.run = null;
    }
    await deletePromo(handle.db, actor, keepId);
  });

  it("needs a picture for a new promo with a card, said beside the picture field", async () => {
    expect(await createPromo(handle.db, actor, values({ title: "Tanpa gambar" }), null)).toMatchObject({
      ok: false,
      status: 400,
      message: "Gambar promo wajib diunggah bila kartunya tampil di Beranda.",
      fieldErrors: { foto: "Gambar promo wajib diunggah bila kartunya tampil di Beranda." },
    });
  });

  it("a rule-only promo needs no picture: it prices the cart, shows no card, and says so in the list with its minimum spend", async () => {
    const before = await counts();
    const created = await createPromo(
      handle.db,
      actor,
      values(ruleForm({ title: "Diam-diam Hemat", tanpa_kartu: "on", min_subtotal: "50.000" })),
      null,
    );
    expect(created.ok).toBe(true);
    const id = created.ok ? created.value.id : 0;
    expect(await counts()).toEqual({ promos: before.promos + 1, audit: before.audit + 1 });
    const [row] = await handle.db.select().from(promos).where(eq(promos.id, id));
    expect(row).toMatchObject({ kartu: false, image: "" });
    expect((await getActivePromos(handle.db)).map((promo) => promo.id)).not.toContain(id);
    expect((await loadActivePromos(handle.db)).map((promo) => promo.id)).toContain(id);
    const page = await getPromoAdminPage(handle.db);
    expect(page.offers[id]).toBe("Diskon 10% Mie Nyala, min. belanja Rp 50.000");

    // Showing its card later needs a picture then; one given, the card shows.
    const shown = values(ruleForm({ title: "Diam-diam Hemat", min_subtotal: "50.000" }));
    expect(await updatePromo(handle.db, actor, id, shown, null)).toMatchObject({
      ok: false,
      status: 400,
      fieldErrors: { foto: "Gambar promo wajib diunggah bila kartunya tampil di Beranda." },
    });
    expect(await updatePromo(handle.db, actor, id, shown, await photo(700, 500, "#7c3aed"))).toMatchObject({
      ok: true,
    });
    expect((await getActivePromos(handle.db)).map((promo) => promo.id)).toContain(id);
    await deletePromo(handle.db, actor, id);
  });

  it("refuses a promo with neither a card nor a rule, beside the rule's kind, writing nothing", async () => {
    const parsed = PromoSchema.safeParse({ title: "Kosong", aktif: "on", tanpa_kartu: "on", kind: "" });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((issue) => [issue.path[0], issue.message])).toEqual([
      [
        "kind",
        "Promo tanpa kartu di Beranda perlu aturan harga. Pilih jenis aturannya, atau tampilkan kartunya.",
      ],
    ]);
  });

  it("a card can never be stored without its picture (the database refuses it too)", async () => {
    await expect(
      handle.db.insert(promos).values({ title: "Kartu kosong", image: "", kartu: true }),
    ).rejects.toThrow();
  });
});

describe(`the promo form's price rule (${testDatabaseKind()})`, () => {
  it.each([
    [
      "a date range in the past for a new promo",
      { active_from: "2020-01-01", active_until: "2020-01-31" },
      "active_until",
      "Tanggal selesai sudah lewat. Promo baru harus berlaku sampai hari ini atau nanti.",
    ],
    [
      "an item that is not on the menu",
      { targets: ["item:mie-rahasia"] },
      "targets",
      "Ada pilihan menu yang sudah tidak ada. Muat ulang halaman lalu pilih lagi.",
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
  ])("refuses %s beside its field, writing nothing", async (_case, overrides, field, message) => {
    const before = await counts();
    const result = await createPromo(handle.db, actor, values(ruleForm(overrides)), await photo());
    expect(result).toMatchObject({ ok: false, status: 400 });
    expect(result.ok ? null : result.fieldErrors[field]).toBe(message);
    expect(await counts()).toEqual(before);
  });

  it("stores a sound rule, and an edit naming a dish the menu lacks is refused with the rule left as it was", async () => {
    const created = await createPromo(
      handle.db,
      actor,
      values(ruleForm({ time_from: "21:00", time_until: "02:00" })),
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
    const refused = await updatePromo(
      handle.db,
      actor,
      id,
      values(ruleForm({ targets: ["family:Mie Rahasia"] })),
      null,
    );
    expect(refused).toMatchObject({ ok: false, status: 400 });
    const [after] = await handle.db.select().from(promos).where(eq(promos.id, id));
    expect(after?.rule).toEqual(row?.rule);
  });

  it("through the page's action: a sound rule is saved, one the form or the menu refuses is answered 400 beside its field", async () => {
    const saved = await postForm({ intent: "create", ...ruleForm({ title: "Hemat Malam" }) });
    expect(saved.status, saved.body).toBe(200);
    const [row] = await handle.db.select().from(promos).where(eq(promos.title, "Hemat Malam"));
    expect(row?.rule).toMatchObject({ kind: "persen", percent: 10, targets: ["family:Mie Nyala"] });

    const before = await counts();
    const refusals: [Record<string, string | string[]>, string, string][] = [
      [
        { kind: "gratis", buy: "2", free: "2" },
        "free",
        "Jumlah gratis harus lebih kecil dari jumlah beli, misalnya beli 2 gratis 1.",
      ],
      [
        { targets: ["item:mie-rahasia"] },
        "targets",
        "Ada pilihan menu yang sudah tidak ada. Muat ulang halaman lalu pilih lagi.",
      ],
    ];
    for (const [overrides, field, message] of refusals) {
      const refused = await postForm({
        intent: "create",
        ...ruleForm({ title: "Hemat Lain", ...overrides }),
      });
      expect(refused.status, field).toBe(400);
      expect(refused.json, field).toMatchObject({
        status: "error",
        message,
        result: { error: { [field]: [message] } },
      });
    }
    expect(await counts()).toEqual(before);
  });
});
