import type { APIRequestContext } from "@playwright/test";
import sharp from "sharp";
import { createAccount, logIn } from "./auth-helpers.ts";
import { expect, test } from "./support/fixtures.ts";
import {
  createFuzzer,
  firstValue,
  fuzz,
  INPUTS_PER_ACTION,
  type Body,
  type FilePart,
  type Outcome,
} from "./support/fuzz.ts";
import { privatePort, startPrivateServer, type PrivateServer } from "./support/private-server.ts";

/**
 * Security suite, part 3: the restaurant-operations actions — recording an order (POST
 * /pesanan, open to everyone) and the admin's menu, menu placement, promo, banner, outlet and
 * order-status actions — each get 500 generated inputs (security-fuzz.spec.ts's generator, with
 * the action's real ids and intents mixed in so that some inputs get through, and junk, valid,
 * oversized and mislabelled photos in multipart bodies). Every answer is below 500 without a
 * stack trace, and the database moved only by what was accepted: every accepted admin change is
 * exactly one audit-log entry and every refused one none; menus, promos, slides and orders are
 * counted before and after. These actions change the catalog, so the spec has a server of its
 * own (support/private-server.ts).
 */
const seed = Number(process.env.FUZZ_SEED || Date.now() % 100_000);
const PORT = privatePort(7);
const ADMIN = "admin-fuzz-operasi@nyala.test";
const { fuzzBody, fuzzString, pick, rand } = createFuzzer(seed, `fo${seed.toString(36)}`);

test.use({ baseURL: `http://localhost:${PORT}` });
test.describe.configure({ mode: "serial" });

let server: PrivateServer | undefined;
const clients = {} as { nobody: APIRequestContext; admin: APIRequestContext };
let files: FilePart[] = [];

const image = async (format: "png" | "jpeg" | "webp", width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: "#c2410c" } })
    .toFormat(format)
    .toBuffer();

test.beforeAll(async ({ browser, playwright }) => {
  test.setTimeout(120_000);
  server = await startPrivateServer(PORT, { ADMIN_EMAILS: ADMIN, RATE_LIMIT_ORDER_ADDRESS: "100000" });
  clients.nobody = await playwright.request.newContext({ baseURL: server.baseURL });
  await createAccount(clients.nobody, ADMIN, "Admin Fuzz Operasi");
  const context = await browser.newContext({ baseURL: server.baseURL, locale: "id-ID" });
  const page = await context.newPage();
  await logIn(page, ADMIN);
  await page.close();
  clients.admin = context.request;
  const png = await image("png", 64, 48);
  files = [
    { name: "foto.png", mimeType: "image/png", buffer: png },
    { name: "foto.jpg", mimeType: "image/jpeg", buffer: await image("jpeg", 1200, 900) },
    { name: "foto.webp", mimeType: "image/webp", buffer: await image("webp", 300, 200) },
    { name: "foto.jpg", mimeType: "image/jpeg", buffer: png }, // a PNG sent as a JPEG
    { name: "foto.png", mimeType: "image/png", buffer: Buffer.from("bukan gambar sama sekali") },
    { name: "foto.png", mimeType: "image/png", buffer: png.subarray(0, 40) }, // cut short
    { name: "kosong.png", mimeType: "image/png", buffer: Buffer.alloc(0) },
    {
      name: "foto.svg",
      mimeType: "image/svg+xml",
      buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
    },
    { name: "../../etc/passwd", mimeType: "text/plain", buffer: Buffer.from("root:x:0:0") },
  ];
});

test.afterAll(async () => {
  await server?.stop();
});

/** A photo for a multipart body: mostly small, now and then one over the 5 MB limit. */
function file(): FilePart {
  if (rand() < 0.02)
    return { name: "besar.jpg", mimeType: "image/jpeg", buffer: Buffer.alloc(5 * 1024 * 1024 + 1) };
  return pick(files);
}

/**
 * Half of an action's inputs start from a body its page would send and change none, one or two
 * of its fields (fuzzed value, or left out), so that inputs get past the first check and some
 * are saved; the other half are the generator's free-form bodies.
 */
function mutated(
  valid: [string, string][],
  options: { photo?: boolean; extraStrings?: readonly string[] } = {},
): Body {
  const pairs = valid.map(([name, value]): [string, string] => [name, value]);
  const changes = pick([0, 0, 1, 1, 2]);
  for (let i = 0; i < changes && pairs.length > 0; i++) {
    const index = Math.floor(rand() * pairs.length);
    if (rand() < 0.25) pairs.splice(index, 1);
    else pairs[index] = [pairs[index]![0], fuzzString(options.extraStrings)];
  }
  if (!options.photo) return { kind: "form", pairs };
  const fields: Record<string, string | FilePart> = {};
  for (const [name, value] of pairs) fields[name] ??= value;
  if (rand() < 0.85) fields.foto = rand() < 0.7 ? files[pick([0, 1, 2])]! : file();
  return { kind: "multipart", fields };
}

const either = (valid: () => Body, free: () => Body) => () => (rand() < 0.5 ? valid() : free());

const text = (html: string) => html.replaceAll("<!-- -->", "");

async function page(path: string): Promise<string> {
  const response = await clients.admin.get(path);
  expect(response.status(), path).toBe(200);
  return text(await response.text());
}

async function auditTotal(): Promise<number> {
  const html = await page("/admin/log-perubahan");
  const match = /data-testid="audit-total">([\d.]+)</.exec(html);
  return match ? Number(match[1]!.replaceAll(".", "")) : 0;
}

async function listed(path: string, label: string): Promise<number> {
  const match = new RegExp(`${label} \\((\\d+)\\)`).exec(await page(path));
  if (!match) throw new Error(`no "${label} (n)" on ${path}`);
  return Number(match[1]);
}

async function orderTotal(): Promise<number> {
  const html = await page("/admin/pesanan");
  const match = />(\d+) pesanan[<,]/.exec(html);
  return match ? Number(match[1]) : 0;
}

const accepted = (outcomes: Outcome[]) => outcomes.filter(({ status }) => status < 300);

/** What the run did, in the report: how many inputs got through and how the rest were refused. */
function report(path: string, outcomes: Outcome[]) {
  const byStatus = new Map<number, number>();
  for (const { status } of outcomes) byStatus.set(status, (byStatus.get(status) ?? 0) + 1);
  const summary = [...byStatus]
    .sort(([a], [b]) => a - b)
    .map(([status, n]) => `${status}×${n}`)
    .join(" ");
  test.info().annotations.push({ type: "fuzz", description: `${path} (seed ${seed}): ${summary}` });
  console.log(`fuzz ${path} (seed ${seed}): ${summary}`);
}
const acceptedWith = (outcomes: Outcome[], intent: string) =>
  accepted(outcomes).filter(({ body }) => firstValue(body, "intent") === intent).length;

/**
 * Runs the fuzz against an admin action and checks the audit log moved by exactly the accepted
 * answers (and that nothing was answered with a redirect, which would hide an outcome).
 */
async function fuzzAdminAction(path: string, makeBody: () => Body): Promise<Outcome[]> {
  const auditBefore = await auditTotal();
  const outcomes = await fuzz(clients.admin, path, seed, makeBody);
  report(path, outcomes);
  expect(
    outcomes.filter(({ status }) => status >= 300 && status < 400),
    "no redirects",
  ).toEqual([]);
  expect(await auditTotal(), `audit entries after ${path}`).toBe(auditBefore + accepted(outcomes).length);
  return outcomes;
}

const MENU_IDS = [
  "mie-nyala-level-1",
  "mie-nyala-level-2",
  "mie-nyala-level-3",
  "es-nyala",
  "es-teh-jumbo",
  "pangsit-goreng",
];

test(`POST /pesanan: ${INPUTS_PER_ACTION} inputs, never 5xx; exactly the accepted orders are recorded`, async () => {
  test.setTimeout(240_000);
  const before = await orderTotal();
  const line = () => ({
    id: pick([...MENU_IDS, "tidak-ada", "", "'; DROP TABLE orders; --", 42]),
    jumlah: pick([1, 2, 3, 99, 100, 0, -1, 1.5, "2", null, 1e9]),
    level: pick([0, 1, 3, 5, 6, -1, 2.5, "3", null, undefined]),
    catatan: pick([undefined, "", "tanpa sayur", "x".repeat(100), "x".repeat(101), "\u0000", "<script>"]),
  });
  const outcomes = await fuzz(clients.nobody, "/pesanan", seed, () => {
    if (rand() < 0.6) {
      const lines = Array.from({ length: pick([0, 1, 2, 3, 5, 50, 51]) }, line);
      return { kind: "form", pairs: [["items", JSON.stringify(lines)]] };
    }
    return fuzzBody(["items"], { extraStrings: ['[{"id":"es-nyala","jumlah":1}]', "[]"] });
  });
  report("/pesanan", outcomes);
  const recorded = outcomes.filter(({ status }) => status === 201).length;
  expect(
    outcomes.filter(({ status }) => status !== 201 && status < 400),
    "an order is either recorded (201) or refused (4xx)",
  ).toEqual([]);
  expect(await orderTotal()).toBe(before + recorded);
});

test(`/admin/pesanan: ${INPUTS_PER_ACTION} inputs, never 5xx; one audit entry per accepted status change`, async () => {
  test.setTimeout(240_000);
  const codes = [...(await page("/admin/pesanan")).matchAll(/data-code="(NY-[A-Z0-9]{4})"/g)].map(
    (match) => match[1]!,
  );
  const before = await orderTotal();
  const statuses = ["baru", "diproses", "selesai", "batal"];
  const extraStrings = [...codes, ...codes.map((code) => code.toLowerCase()), ...statuses];
  await fuzzAdminAction(
    "/admin/pesanan",
    either(
      () =>
        mutated(
          [
            ["code", pick(codes)],
            ["status", pick(statuses)],
          ],
          { extraStrings },
        ),
      () => fuzzBody(["code", "status"], { extraStrings }),
    ),
  );
  expect(await orderTotal()).toBe(before);
});

let created = 0;
const menuFields = (intent: string, id = pick(MENU_IDS)): [string, string][] => [
  ["intent", intent],
  ...(intent === "create" ? [] : ([["id", id]] as [string, string][])),
  ["nama", `Mie Uji ${++created}`],
  ["kategori", pick(["Makanan", "Minuman", "Cemilan"])],
  ["harga", pick(["12000", "12.000", "Rp 15.500", "1000", "1000000"])],
  ["deskripsi", "Menu uji coba."],
  ["tersedia", "on"],
  ["takes_level", "on"],
];

test(`/admin/menu-diskon and /admin/banner: ${INPUTS_PER_ACTION} inputs each, never 5xx; counts and audit log match`, async () => {
  test.setTimeout(360_000);
  const actions = [
    {
      path: "/admin/menu-diskon",
      label: "Daftar promo",
      valid: (): [string, string][] => [
        ["title", `Promo Uji ${++created}`],
        ["label", "Minggu Ini"],
        ["description", "Promo uji coba."],
        ["active_from", pick(["", "2026-11-01"])],
        ["active_until", pick(["", "2026-12-31"])],
        ["urutan", "0"],
        ["aktif", "on"],
      ],
    },
    {
      path: "/admin/banner",
      label: "Daftar banner",
      valid: (): [string, string][] => [
        ["title", `Banner Uji ${++created}`],
        ["text", "Banner uji coba."],
        ["menu_item_id", pick(["", ...MENU_IDS])],
        ["urutan", "1"],
        ["aktif", "on"],
      ],
    },
  ];
  for (const { path, label, valid } of actions) {
    const before = await listed(path, label);
    const ids = [...(await page(path)).matchAll(/\?ubah=(\d+)"/g)].map((match) => match[1]!);
    const extraStrings = ["create", "update", "delete", ...ids, "2026-11-23", "0", "on", ...MENU_IDS];
    const outcomes = await fuzzAdminAction(
      path,
      either(
        () => {
          const intent = pick(["create", "create", "update", "delete"]);
          const id: [string, string][] = intent === "create" ? [] : [["id", pick(ids)]];
          return mutated([["intent", intent], ...id, ...(intent === "delete" ? [] : valid())], {
            photo: true,
            extraStrings,
          });
        },
        () =>
          fuzzBody(
            [
              "intent",
              "id",
              "title",
              "label",
              "description",
              "text",
              "menu_item_id",
              "active_from",
              "urutan",
              "aktif",
            ],
            { extraStrings, file },
          ),
      ),
    );
    expect(await listed(path, label), path).toBe(
      before + acceptedWith(outcomes, "create") - acceptedWith(outcomes, "delete"),
    );
  }
});

test(`/admin/menu-populer and /admin/outlet: ${INPUTS_PER_ACTION} inputs each, never 5xx; one audit entry per accepted save`, async () => {
  test.setTimeout(300_000);
  const rankings = (): [string, string][] => [
    ["intent", "save"],
    ...MENU_IDS.filter(() => rand() < 0.5)
      .slice(0, 3)
      .map((id): [string, string] => ["featured", id]),
    ...MENU_IDS.filter(() => rand() < 0.6)
      .slice(0, 6)
      .map((id): [string, string] => ["bestSellers", id]),
    ...MENU_IDS.filter(() => rand() < 0.5)
      .slice(0, 4)
      .map((id): [string, string] => ["produk", id]),
  ];
  await fuzzAdminAction(
    "/admin/menu-populer",
    either(
      () => mutated(rankings(), { extraStrings: MENU_IDS }),
      () =>
        fuzzBody(["intent", "featured", "featured", "bestSellers", "bestSellers", "produk"], {
          extraStrings: ["save", ...MENU_IDS],
        }),
    ),
  );

  const days = [0, 1, 2, 3, 4, 5, 6];
  const outlet = (): [string, string][] => [
    ["intent", "save"],
    ["brand", "Mie Nyala"],
    ["whatsapp", pick(["0812-3456-7890", "+62 812 3456 7890", "6281234567890"])],
    ["address", "Jl. Contoh No. 123, Kendari"],
    ["instagram_url", pick(["", "https://www.instagram.com/mienyala"])],
    ["facebook_url", ""],
    ["tiktok_url", ""],
    ["timezone", pick(["Asia/Makassar", "Asia/Jakarta", "Asia/Jayapura"])],
    ...days.flatMap((day): [string, string][] => [
      [`buka_${day}`, "10:00"],
      [`tutup_${day}`, pick(["22:00", "02:00"])],
      ...(rand() < 0.2 ? ([[`libur_${day}`, "on"]] as [string, string][]) : []),
    ]),
  ];
  const extraStrings = ["save", "10:00", "22:00", "24:00", "25:61", "on", "Asia/Makassar", "0812-3456-7890"];
  await fuzzAdminAction(
    "/admin/outlet",
    either(
      () => mutated(outlet(), { extraStrings }),
      () =>
        fuzzBody(
          [
            "intent",
            "brand",
            "whatsapp",
            "address",
            "instagram_url",
            "timezone",
            ...days.map((day) => `buka_${day}`),
          ],
          { extraStrings },
        ),
    ),
  );
  // The storefront still renders whatever the accepted saves left.
  for (const path of ["/", "/beranda", "/produk", "/kontak"]) {
    expect((await clients.nobody.get(path)).status(), path).toBe(200);
  }
});

// Last: its deletes remove the seeded items the other actions' valid bodies name.
test(`/admin/menu: ${INPUTS_PER_ACTION} inputs with photos, never 5xx; menu count and audit log match what was accepted`, async () => {
  test.setTimeout(300_000);
  const before = await listed("/admin/menu", "Daftar menu");
  const extraStrings = [
    "create",
    "update",
    "habis",
    "tersedia",
    "delete",
    ...MENU_IDS,
    "Makanan",
    "12000",
    "on",
  ];
  const outcomes = await fuzzAdminAction(
    "/admin/menu",
    either(
      () => {
        const intent = pick(["create", "create", "update", "habis", "tersedia", "delete"]);
        if (intent === "habis" || intent === "tersedia" || intent === "delete")
          return mutated(
            [
              ["intent", intent],
              ["id", pick(MENU_IDS)],
            ],
            { photo: true, extraStrings },
          );
        return mutated(menuFields(intent), { photo: true, extraStrings });
      },
      () =>
        fuzzBody(["intent", "id", "nama", "kategori", "harga", "deskripsi", "tersedia", "takes_level"], {
          extraStrings,
          file,
        }),
    ),
  );
  expect(await listed("/admin/menu", "Daftar menu")).toBe(
    before + acceptedWith(outcomes, "create") - acceptedWith(outcomes, "delete"),
  );
});
