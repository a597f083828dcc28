import { describe, expect, it } from "vitest";
import { seedPromos } from "../../../database/catalog-data.ts";
import { parseAdminInput } from "~/lib/form-input.server.ts";
import { FALLBACK_MESSAGE, validateForm } from "~/lib/form-check.ts";
import { PromoSchema } from "./promo-schema.ts";
import { formFromRule, ruleFromForm } from "./rule-form.ts";

type Posted = Record<string, string | string[]>;

/** The promo form as the page and the action read it (Conform, on what a browser posts). */
const check = (values: Posted) =>
  validateForm(
    new URLSearchParams(
      Object.entries(values).flatMap(([name, value]) => [value].flat().map((one) => [name, one])),
    ),
    PromoSchema,
  );

/** A sound rule as the form posts it: 10 % off every noodle level, every day. */
const sound = (overrides: Posted = {}): Posted => ({
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

describe("the promo form, in the page and in the action", () => {
  it("reads a picture promo the same in the page as on the server", () => {
    const values = { title: "Senin", label: "", active_from: "2026-11-20", active_until: "", urutan: "" };
    const submission = validateForm(new URLSearchParams(values), PromoSchema);
    expect(submission.status === "success" && submission.value).toEqual(PromoSchema.parse(values));
  });

  it("reports each field's own message", () => {
    const submission = check({ title: "", active_from: "2026-11-22", active_until: "2026-11-21" });
    expect(submission.status === "error" && submission.error).toEqual({
      title: ["Judul promo wajib diisi."],
      active_until: ["Tanggal selesai tidak boleh sebelum tanggal mulai."],
    });
  });

  it.each([
    ["no title", { title: "" }, "title", "Judul promo wajib diisi."],
    ["a long title", { title: "t".repeat(81) }, "title", "Judul promo paling banyak 80 karakter."],
    ["a long label", { label: "l".repeat(31) }, "label", "Label promo paling banyak 30 karakter."],
    [
      "a label that names a time",
      { label: "Hanya Hari Ini" },
      "label",
      "Label tidak boleh menyebut waktu (hari, jam, tanggal): waktu promo ditulis otomatis dari aturannya.",
    ],
    [
      "a date that does not exist",
      { active_from: "2026-02-30" },
      "active_from",
      "Tanggal harus berformat tanggal yang benar.",
    ],
    ["a place over 99", { urutan: "100" }, "urutan", "Urutan harus angka 0 sampai 99."],
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
      "a date range without any of its days (a Monday promo from Tuesday to Wednesday)",
      { days: ["0"], active_from: "2099-06-02", active_until: "2099-06-03" },
      "days",
      "Dalam rentang tanggal itu tidak ada hari yang dipilih, jadi promo tidak akan pernah berlaku.",
    ],
    ["a percent over 100", { percent: "101" }, "percent", "Persen diskon harus angka bulat 1 sampai 100."],
    ["a percent of 0", { percent: "0" }, "percent", "Persen diskon harus angka bulat 1 sampai 100."],
    ["no percent", { percent: "" }, "percent", "Persen diskon harus angka bulat 1 sampai 100."],
    ["an empty item set", { targets: [] }, "targets", "Pilih minimal satu menu, hidangan, atau kategori."],
    [
      "a target that is none",
      { targets: ["menu:es-teh"] },
      "targets[0]",
      "Ada pilihan menu yang tidak dikenal. Muat ulang halaman lalu coba lagi.",
    ],
    [
      "buy 2 get 2 of the same dish",
      { kind: "gratis", buy: "2", free: "2" },
      "free",
      "Jumlah gratis harus lebih kecil dari jumlah beli, misalnya beli 2 gratis 1.",
    ],
    [
      "a free item that is all it counts",
      { kind: "gratis", buy: "1", free: "1", targets: ["item:es-nyala"], reward: "item:es-nyala" },
      "targets",
      "Menu yang dihitung tidak boleh hanya menu hadiahnya.",
    ],
    [
      "a bundle of one portion",
      { kind: "paket", bundle_1: "item:es-nyala", bundle_1_qty: "1", bundle_price: "5000" },
      "bundle_1",
      "Isi paket minimal 2 porsi.",
    ],
    [
      "a bundle naming one dish twice",
      { kind: "paket", bundle_2: "item:es-nyala", bundle_3: "item:es-nyala", bundle_price: "5000" },
      "bundle_3",
      "Satu pilihan hanya boleh ada di satu isi paket.",
    ],
    [
      "ten of one part of a bundle",
      { kind: "paket", bundle_1: "item:es-nyala", bundle_1_qty: "10", bundle_2: "item:es-teh-jumbo" },
      "bundle_1_qty",
      "Jumlah tiap isi paket harus 1 sampai 9.",
    ],
  ])("refuses %s with one message, beside its field only", (_case, overrides, field, message) => {
    const submission = check(sound({ bundle_price: "5000", ...overrides }));
    expect(submission.status === "error" && submission.error).toEqual({ [field]: [message] });
  });

  it("answers values of any other type in Indonesian, never with Zod's English", () => {
    const junk = [12, ["a", "b"], { a: 1 }, true];
    const fields = Object.keys(sound({ active_from: "2026-01-01", bundle_1: "", bundle_price: "" }));
    const result = parseAdminInput(
      PromoSchema,
      Object.fromEntries(fields.map((name, index) => [name, junk[index % junk.length]])),
    );
    expect(result.success).toBe(false);
    for (const issue of result.error?.issues ?? []) {
      expect(issue.message).not.toMatch(/expected|invalid|received|too (big|small)|must/i);
      expect(issue.message).not.toBe(FALLBACK_MESSAGE);
    }
  });

  it.each(seedPromos.map((promo) => [promo.title, promo.rule] as const))(
    "shows the stored rule of %s in the form, and the form gives it back unchanged",
    (_title, rule) => {
      const submission = check({ title: "Promo", ...formFromRule(rule) });
      expect(submission.status).toBe("success");
      expect(submission.status === "success" && ruleFromForm(submission.value)).toEqual(rule);
    },
  );
});
