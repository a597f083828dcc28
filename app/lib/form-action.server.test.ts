import { describe, expect, it } from "vitest";
import * as z from "zod/mini";
import { formAction, refuseForm } from "./form-action.server.ts";

const Schema = z.object({
  nama: z.string({ error: "Isi nama." }).check(z.trim(), z.minLength(2, "Nama paling sedikit 2 huruf.")),
  sandi: z.optional(z.string()),
});

const form = (values: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(values)) data.append(name, value);
  return data;
};

/** What an action answered: a returned `data()`, or a thrown redirect. */
async function answer(run: () => Promise<unknown>) {
  try {
    const value = (await run()) as { data: unknown; init: ResponseInit | null };
    return { status: value.init?.status ?? 200, body: value.data as Record<string, unknown>, location: null };
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown;
    return { status: thrown.status, body: null, location: thrown.headers.get("location") };
  }
}

describe("formAction, the one answer to a form", () => {
  const written: unknown[] = [];
  const save = (values: Record<string, string>, redirectTo?: string) =>
    answer(() =>
      formAction(form(values), {
        schema: Schema,
        intent: "simpan",
        hidden: ["sandi"],
        saved: "Disimpan.",
        async write(value) {
          written.push(value);
          if (value.nama === "Dipakai")
            return {
              ok: false,
              status: 409,
              message: "Nama sudah dipakai.",
              fieldErrors: { nama: "Nama sudah dipakai." },
            };
          return { ok: true, redirectTo };
        },
      }),
    );

  it("refuses a form its schema refuses with 400, each field's message and the values to show again, and writes nothing", async () => {
    written.length = 0;
    const refused = await save({ nama: " A ", sandi: "rahasia", "a[99999999]": "x" });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      status: "error",
      intent: "simpan",
      message: "Nama paling sedikit 2 huruf.",
      result: { error: { nama: ["Nama paling sedikit 2 huruf."] }, initialValue: { nama: " A " } },
    });
    // A password is never sent back, nor a name the schema does not read.
    expect(JSON.stringify(refused.body)).not.toContain("rahasia");
    expect(JSON.stringify(refused.body)).not.toContain("99999999");
    expect(written).toEqual([]);
  });

  it("answers a write's refusal with its status, beside the field it names", async () => {
    const refused = await save({ nama: "Dipakai" });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      status: "error",
      result: { error: { nama: ["Nama sudah dipakai."] } },
    });
  });

  it("answers a fetcher (mode=fetch) with data and a plain POST with the redirect the write names", async () => {
    expect(await save({ nama: "Budi", mode: "fetch" }, "/selesai")).toEqual({
      status: 200,
      body: { status: "success", intent: "simpan", message: "Disimpan." },
      location: null,
    });
    expect(await save({ nama: "Budi" }, "/selesai")).toMatchObject({ status: 302, location: "/selesai" });
    const seeOther = await answer(() =>
      formAction(form({ nama: "Budi" }), {
        schema: Schema,
        write: async () => ({ ok: true, redirectTo: "/keranjang", redirectStatus: 303 }),
      }),
    );
    expect(seeOther).toMatchObject({ status: 303, location: "/keranjang" });
    // Without a redirect, a plain POST gets the page again with the answer (the admin's forms).
    expect(await save({ nama: "Budi" })).toMatchObject({ status: 200, body: { status: "success" } });
  });

  it("refuses a request it cannot place, with its status", async () => {
    expect(await answer(async () => refuseForm(form({}), "hapus", "Tidak ditemukan.", 404))).toMatchObject({
      status: 404,
      body: { status: "error", intent: "hapus", message: "Tidak ditemukan." },
    });
  });
});
