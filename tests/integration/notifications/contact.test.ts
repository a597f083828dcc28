import { desc, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { DatabaseHandle } from "../../../database/client.server.ts";
import { contactMessages, notifications, users } from "../../../database/schema.ts";
import { action as contactAction } from "../../../app/routes/_site/kontak.tsx";
import { startSession } from "../../../app/features/accounts/auth.server.ts";
import { newUserId } from "../../../app/features/accounts/users.server.ts";
import { saveNotificationSwitches } from "../../../app/features/notifications/notifications.server.ts";
import { useDatabaseHandle } from "../../../app/lib/db.server.ts";
import { createTestDatabase, testDatabaseKind } from "../../support/test-database.ts";
import { call, post, uniqueEmail } from "../accounts/auth-support.ts";

const SENT = {
  status: "success",
  message: "Terima kasih! Pesanmu sudah kami terima dan akan kami balas lewat email.",
};

/** Each field's first message in an answer (Conform's reply, as the page reads it). */
function fieldMessages(json: Record<string, unknown> | null) {
  const error = (json?.result as { error?: Record<string, string[]> } | undefined)?.error ?? {};
  return Object.fromEntries(Object.entries(error).map(([name, messages]) => [name, messages[0]]));
}

let handle: DatabaseHandle;
const admins: Record<"listening" | "silent" | "never", string> = { listening: "", silent: "", never: "" };
let customer = "";

async function account(role: "pemilik" | "customer") {
  const id = newUserId();
  await handle.db
    .insert(users)
    .values({ id, nama: `Akun ${role}`, email: uniqueEmail(role), provider: "password", role });
  return id;
}

beforeAll(async () => {
  vi.stubEnv("RATE_LIMIT_CONTACT_ADDRESS", "3");
  handle = await createTestDatabase();
  useDatabaseHandle(handle);
  admins.listening = await account("pemilik");
  admins.silent = await account("pemilik");
  admins.never = await account("pemilik"); // never opened the settings: the default (on) applies
  customer = await account("customer");
  const switches = { pesananBaru: true, penggunaBaru: true };
  await saveNotificationSwitches(handle.db, admins.listening, { ...switches, pesanKontak: true });
  await saveNotificationSwitches(handle.db, admins.silent, { ...switches, pesanKontak: false });
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await handle?.close();
});

let addressCounter = 0;
const send = (values: Record<string, string>, options: { address?: string; session?: string } = {}) =>
  call(contactAction, post("/kontak", values, { address: `198.51.100.${++addressCounter}`, ...options }));

const notesOf = (userId: string) =>
  handle.db
    .select({ judul: notifications.judul, pesan: notifications.pesan })
    .from(notifications)
    .where(eq(notifications.user_id, userId))
    .orderBy(desc(notifications.id));

const message = {
  nama: "Sari Dewi",
  email: "Sari.Dewi@Contoh.test",
  pesan: "Apakah bisa pesan 30 porsi untuk acara kantor?",
};

describe(`contact messages (${testDatabaseKind()})`, () => {
  it("are stored and reach every admin who wants them, with the sender's name and e-mail", async () => {
    const answer = await send(message);
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual(SENT);
    const [stored] = await handle.db
      .select()
      .from(contactMessages)
      .orderBy(desc(contactMessages.id))
      .limit(1);
    expect(stored).toMatchObject({
      nama: "Sari Dewi",
      email: "sari.dewi@contoh.test",
      pesan: message.pesan,
      user_id: null,
    });
    const told = {
      judul: "Pesan kontak dari Sari Dewi",
      pesan: `Sari Dewi (sari.dewi@contoh.test) menulis: ${message.pesan}`,
    };
    expect((await notesOf(admins.listening))[0]).toEqual(told);
    expect((await notesOf(admins.never))[0]).toEqual(told);
    expect(await notesOf(admins.silent)).toEqual([]);
    expect(await notesOf(customer)).toEqual([]);
  });

  it("remember a signed-in sender", async () => {
    const token = /nyala_session=([^;]+)/.exec(await startSession(handle.db, customer))![1]!;
    expect((await send({ ...message, nama: "Pelanggan Tetap" }, { session: token })).status).toBe(200);
    const [stored] = await handle.db
      .select()
      .from(contactMessages)
      .orderBy(desc(contactMessages.id))
      .limit(1);
    expect(stored).toMatchObject({ nama: "Pelanggan Tetap", user_id: customer });
  });

  it.each([
    [
      "everything empty",
      { nama: "", email: "", pesan: "" },
      { nama: "Nama wajib diisi.", email: "Email wajib diisi.", pesan: "Pesan wajib diisi." },
    ],
    [
      "fields missing",
      {},
      { nama: "Nama wajib diisi.", email: "Email wajib diisi.", pesan: "Pesan wajib diisi." },
    ],
    ["a name of spaces", { ...message, nama: "   " }, { nama: "Nama wajib diisi." }],
    [
      "a name of 51 characters",
      { ...message, nama: "n".repeat(51) },
      { nama: "Nama paling banyak 50 karakter." },
    ],
    [
      "an e-mail without a domain",
      { ...message, email: "sari@" },
      { email: "Format email tidak valid. Contoh: nama@contoh.com" },
    ],
    [
      "a short message",
      { ...message, pesan: "halo" },
      { pesan: "Pesan terlalu pendek: paling sedikit 10 karakter." },
    ],
    [
      "a message of 1,001 characters",
      { ...message, pesan: "x".repeat(1001) },
      { pesan: "Pesan paling banyak 1.000 karakter." },
    ],
  ])("refuse %s with a message under each field, storing nothing", async (_name, values, errors) => {
    const before = await handle.db.select({ id: contactMessages.id }).from(contactMessages);
    const answer = await send(values);
    expect(answer.status).toBe(400);
    expect(answer.json).toMatchObject({ status: "error" });
    expect(fieldMessages(answer.json)).toEqual(errors);
    expect(await handle.db.select({ id: contactMessages.id }).from(contactMessages)).toHaveLength(
      before.length,
    );
  });

  it("a filled honeypot is answered as sent, and nothing is stored or told", async () => {
    const before = (await notesOf(admins.listening)).length;
    const answer = await send({ ...message, nama: "Bot", situs: "https://spam.example" });
    expect(answer.json).toEqual(SENT);
    expect(await handle.db.select().from(contactMessages).where(eq(contactMessages.nama, "Bot"))).toEqual([]);
    expect(await notesOf(admins.listening)).toHaveLength(before);
  });

  it("are limited per client address (429 with Retry-After); other addresses are not affected", async () => {
    const address = "203.0.113.150";
    for (let i = 0; i < 3; i++)
      expect((await send({ ...message, nama: `Banjir ${i}` }, { address })).status).toBe(200);
    const refused = await send({ ...message, nama: "Banjir 3" }, { address });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(60);
    expect(refused.json).toMatchObject({
      status: "error",
      message: expect.stringMatching(/^Terlalu banyak pesan dari jaringan ini\. Coba lagi dalam/),
      result: { initialValue: { nama: "Banjir 3" } },
    });
    const names = ["Banjir 0", "Banjir 1", "Banjir 2", "Banjir 3"];
    expect(
      await handle.db.select().from(contactMessages).where(inArray(contactMessages.nama, names)),
    ).toHaveLength(3);
    expect((await send({ ...message, nama: "Tetangga" }, { address: "203.0.113.151" })).status).toBe(200);
  });
});
