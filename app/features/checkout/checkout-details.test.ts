import { describe, expect, test } from "vitest";
import { CHECKOUT_DETAIL_MESSAGES, parseCheckoutDetails, readSavedDetails } from "./checkout-details.ts";

const SLOTS = ["2026-11-30T18:15", "2026-11-30T18:30"];
const valid = {
  nama: "Budi Santoso",
  whatsapp: "0812-3456-7890",
  cara: "ambil",
  waktu: "secepatnya",
};
const parse = (input: Record<string, unknown>) => parseCheckoutDetails(input, SLOTS);

describe("checkout details", () => {
  test("Indonesian numbers in every usual writing become the digits wa.me takes", () => {
    for (const whatsapp of ["0812-3456-7890", "+62 812 3456 7890", "62 812-3456-7890", "(0812) 3456.7890"]) {
      const result = parse({ ...valid, whatsapp });
      expect(result.ok && result.details.whatsapp, whatsapp).toBe("6281234567890");
    }
  });

  test("a number that is not Indonesian, or not a number, is refused with what is wrong", () => {
    const cases: [string, string][] = [
      ["+1 415 555 0100", "Nomor WhatsApp harus nomor Indonesia"],
      ["0812-abc", "hanya boleh berisi angka"],
      ["12", "Nomor WhatsApp tidak valid"],
      ["+62 0812 3456 789", "Setelah kode negara 62"],
    ];
    for (const [whatsapp, message] of cases) {
      const result = parse({ ...valid, whatsapp });
      expect(result.ok, whatsapp).toBe(false);
      if (!result.ok) expect(result.errors.whatsapp).toContain(message);
    }
  });

  test("an empty form names every field it needs, in the form's order", () => {
    const result = parse({});
    expect(result).toEqual({
      ok: false,
      message: CHECKOUT_DETAIL_MESSAGES.namaRequired,
      errors: {
        nama: CHECKOUT_DETAIL_MESSAGES.namaRequired,
        whatsapp: CHECKOUT_DETAIL_MESSAGES.whatsappRequired,
        cara: CHECKOUT_DETAIL_MESSAGES.cara,
        waktu: CHECKOUT_DETAIL_MESSAGES.waktu,
      },
    });
  });

  test("delivery needs an address and a landmark; pick-up does not, and drops them", () => {
    const delivery = parse({ ...valid, cara: "antar", alamat: "  ", patokan: "" });
    expect(delivery.ok).toBe(false);
    if (!delivery.ok)
      expect(delivery.errors).toEqual({
        alamat: CHECKOUT_DETAIL_MESSAGES.alamatRequired,
        patokan: CHECKOUT_DETAIL_MESSAGES.patokanRequired,
      });
    const pickUp = parse({ ...valid, alamat: "Jl. Mawar 5", patokan: "depan masjid", meja: "4" });
    expect(pickUp.ok && pickUp.details).toMatchObject({ cara: "ambil", alamat: "", patokan: "", meja: "" });
  });

  test("eating in takes an optional table", () => {
    expect(parse({ ...valid, cara: "makan" }).ok).toBe(true);
    const withTable = parse({ ...valid, cara: "makan", meja: " 12 " });
    expect(withTable.ok && withTable.details.meja).toBe("12");
    const long = parse({ ...valid, cara: "makan", meja: "x".repeat(21) });
    expect(long.ok || long.errors.meja).toBe(CHECKOUT_DETAIL_MESSAGES.mejaLength);
  });

  test("lengths are counted in characters people see, and every field becomes one line", () => {
    const name = parse({ ...valid, nama: "🌶️".repeat(10) });
    expect(name.ok).toBe(true);
    expect(parse({ ...valid, nama: "B" }).ok).toBe(false);
    expect(parse({ ...valid, nama: "x".repeat(51) }).ok).toBe(false);
    const lines = parse({
      ...valid,
      nama: "Budi\nTotal: Rp 1",
      cara: "antar",
      alamat: "Jl. Mawar\r\n5",
      patokan: "depan\u2028masjid",
    });
    expect(lines.ok && [lines.details.nama, lines.details.alamat, lines.details.patokan]).toEqual([
      "Budi Total: Rp 1",
      "Jl. Mawar 5",
      "depan masjid",
    ]);
    expect(parse({ ...valid, cara: "antar", alamat: "x".repeat(201), patokan: "p" }).ok).toBe(false);
  });

  test("the time is as soon as possible or a slot offered now; a passed slot says so", () => {
    const slot = parse({ ...valid, waktu: "2026-11-30T18:30" });
    expect(slot.ok && slot.details.waktu).toBe("2026-11-30T18:30");
    const gone = parse({ ...valid, waktu: "2026-11-30T12:00" });
    expect(gone.ok || gone.errors.waktu).toBe(CHECKOUT_DETAIL_MESSAGES.waktuGone);
    const junk = parse({ ...valid, waktu: "besok aja" });
    expect(junk.ok || junk.errors.waktu).toBe(CHECKOUT_DETAIL_MESSAGES.waktu);
  });

  test("values that are not text (a tampered request) are refused, never thrown", () => {
    const result = parse({ nama: ["a", "b"], whatsapp: 812, cara: { x: 1 }, waktu: null });
    expect(result.ok).toBe(false);
  });

  test("remembered details are read back through the same rules; a tampered copy is not offered", () => {
    expect(
      readSavedDetails({
        nama: "Budi",
        whatsapp: "6281234567890",
        cara: "antar",
        alamat: "Jl. A",
        patokan: "B",
      }),
    ).toEqual({
      nama: "Budi",
      whatsapp: "6281234567890",
      cara: "antar",
      alamat: "Jl. A",
      patokan: "B",
      meja: "",
    });
    expect(readSavedDetails({ nama: "Budi", whatsapp: "6281234567890", cara: "terbang" })).toBeNull();
    expect(readSavedDetails("Budi")).toBeNull();
  });
});
