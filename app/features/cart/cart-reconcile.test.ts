import { describe, expect, test } from "vitest";
import {
  addItem,
  cartTotal,
  cleanNote,
  draftNote,
  lineKey,
  MAX_NOTE_LENGTH,
  reconcile,
  removeItem,
  switchLevel,
  setNote,
  setQuantity,
  type CatalogEntry,
} from "./cart.ts";
import { esTeh, line, menu, mie, pangsit, picture, soldOutMenu } from "./cart-fixtures.ts";

describe("re-checked against the current menu, each change said once", () => {
  test("an unchanged cart stays as it is, without notices", () => {
    const lines = [line(mie, 2), line(esTeh, 1)];
    const result = reconcile(lines, menu);
    expect(result).toMatchObject({ lines, notices: [], changed: false });
    expect(result.view.map((entry) => [entry.key, entry.gambar, entry.problem])).toEqual([
      [mie.id, picture(mie.id), null],
      [esTeh.id, picture(esTeh.id), null],
    ]);
  });

  test("a line whose item is gone is dropped with a notice", () => {
    const result = reconcile(
      [line({ id: "mie-lama", nama: "Mie Lama", harga: 7_000 }, 1), line(mie, 2)],
      menu,
    );
    expect(result.lines).toEqual([line(mie, 2)]);
    expect(result.notices).toEqual(["Mie Lama sudah tidak ada di menu dan dihapus dari keranjang."]);
    expect(result.changed).toBe(true);
  });

  test("a sold-out item stays, flagged, said once; when it is back that is said once too", () => {
    const lines = [line(mie, 1), line(esTeh, 3)];
    const first = reconcile(lines, soldOutMenu(esTeh.id));
    expect(first.notices).toEqual(["Es Teh Jumbo sedang habis dan tidak ikut dipesan."]);
    expect(first.view.map((entry) => entry.problem)).toEqual([null, "habis"]);
    expect(first.lines).toEqual([line(mie, 1), { ...line(esTeh, 3), tersedia: false }]);
    expect(first.changed).toBe(true);

    const again = reconcile(first.lines, soldOutMenu(esTeh.id));
    expect(again.notices).toEqual([]);
    expect(again.changed).toBe(false);

    const back = reconcile(again.lines, menu);
    expect(back.notices).toEqual(["Es Teh Jumbo tersedia lagi."]);
    expect(back.lines).toEqual(lines);
  });

  test("a changed price is taken over, quantity kept, said once", () => {
    const result = reconcile([line({ ...pangsit, harga: 7_500 }, 4)], menu);
    expect(result.lines).toEqual([line(pangsit, 4)]);
    expect(result.notices).toEqual(["Harga Pangsit Goreng berubah dari Rp 7.500 menjadi Rp 9.000."]);
    expect(result.changed).toBe(true);
    expect(cartTotal(result.view)).toBe(36_000);
    expect(reconcile(result.lines, menu).notices).toEqual([]);
  });

  test("a price that changes while the item is sold out is said when it is back", () => {
    const first = reconcile([line({ ...pangsit, harga: 7_500 }, 1)], soldOutMenu(pangsit.id));
    expect(first.notices).toEqual(["Pangsit Goreng sedang habis dan tidak ikut dipesan."]);
    expect(reconcile(first.lines, menu).notices).toEqual([
      "Pangsit Goreng tersedia lagi.",
      "Harga Pangsit Goreng berubah dari Rp 7.500 menjadi Rp 9.000.",
    ]);
  });

  test("a renamed item is taken over silently", () => {
    const result = reconcile([line({ ...mie, nama: "Nama Lama" }, 1)], menu);
    expect(result.lines).toEqual([line(mie, 1)]);
    expect(result.notices).toEqual([]);
    expect(result.changed).toBe(true);
  });

  test("several problems give one notice each", () => {
    const result = reconcile(
      [line({ ...mie, harga: 1 }, 1), line({ id: "x", nama: "X", harga: 1 }, 1), line(esTeh, 1)],
      menu,
    );
    expect(result.lines).toEqual([line(mie, 1), line(esTeh, 1)]);
    expect(result.notices).toHaveLength(2);
  });

  test("an empty menu empties the cart", () => {
    const result = reconcile([line(mie, 1)], []);
    expect(result.lines).toEqual([]);
    expect(result.changed).toBe(true);
  });
});

const mie3 = { id: "mie-nyala-level-3", nama: "Mie Nyala Level 3", harga: 12_000 };

describe("spice levels and notes", () => {
  const levelMenu: CatalogEntry[] = [
    { ...mie, gambar: "", tersedia: true, level_family: "Mie Nyala", level: 1 },
    { ...mie3, gambar: "", tersedia: true, level_family: "Mie Nyala", level: 3 },
    { ...esTeh, gambar: "", tersedia: true, level_family: null, level: null },
  ];

  test("the same item at two levels is two lines; the same level merges", () => {
    let lines = addItem([], { ...mie, level: 1 });
    lines = addItem(lines, { ...mie, level: 3 });
    lines = addItem(lines, { ...mie, level: 1 });
    expect(lines).toEqual([
      { ...mie, level: 1, jumlah: 2 },
      { ...mie, level: 3, jumlah: 1 },
    ]);
    expect(lines.map(lineKey)).toEqual(["mie-nyala-level-1#1", "mie-nyala-level-1#3"]);
  });

  test("level 0 is a level of its own, not 'no level'", () => {
    expect(addItem(addItem([], { ...mie, level: 0 }), mie).map(lineKey)).toEqual([
      "mie-nyala-level-1#0",
      "mie-nyala-level-1",
    ]);
  });

  test("actions address one line by its key", () => {
    const lines = [
      { ...mie, level: 1, jumlah: 2 },
      { ...mie, level: 3, jumlah: 1 },
    ];
    expect(setQuantity(lines, "mie-nyala-level-1#3", 5).map((entry) => entry.jumlah)).toEqual([2, 5]);
    expect(removeItem(lines, "mie-nyala-level-1#1")).toEqual([{ ...mie, level: 3, jumlah: 1 }]);
  });

  test("a note is kept per line, as the kitchen reads it, and only when it says something", () => {
    const lines = [{ ...mie, level: 1, jumlah: 1 }];
    expect(setNote(lines, "mie-nyala-level-1#1", "  tanpa\\nsayur ")[0]?.catatan).toBe("tanpa\\nsayur");
    expect(setNote(lines, "mie-nyala-level-1#1", "tanpa\nsayur")[0]?.catatan).toBe("tanpa sayur");
    expect(Object.keys(setNote(lines, "mie-nyala-level-1#1", "  ")[0]!)).not.toContain("catatan");
    expect(setNote(lines, "mie-nyala-level-1#1", "x".repeat(150))[0]?.catatan).toHaveLength(MAX_NOTE_LENGTH);
  });

  test("notes lose control characters and line breaks; the sent form is trimmed", () => {
    expect(draftNote("pedas\nsekali\u0000 ")).toBe("pedas sekali  ");
    expect(cleanNote("  pedas\n\n  sekali\t ")).toBe("pedas sekali");
    expect(cleanNote(42)).toBe("");
    expect(Array.from(cleanNote("🌶".repeat(120)))).toHaveLength(MAX_NOTE_LENGTH);
  });

  test("moving a line to another level makes it that level's item, merging with an existing line", () => {
    const lines = [
      { ...mie, level: 1, jumlah: 60, catatan: "kuah dipisah" },
      { ...mie3, level: 3, jumlah: 50 },
      { ...esTeh, jumlah: 1 },
    ];
    const mie2 = { id: "mie-nyala-level-2", nama: "Mie Nyala Level 2", harga: 11_000 };
    expect(switchLevel(lines, "mie-nyala-level-1#1", { ...mie2, level: 2 })[0]).toEqual({
      ...mie2,
      level: 2,
      jumlah: 60,
      catatan: "kuah dipisah",
    });
    expect(switchLevel(lines, "mie-nyala-level-1#1", { ...mie3, level: 3 })).toEqual([
      { ...mie3, level: 3, jumlah: 99, catatan: "kuah dipisah" },
      { ...esTeh, jumlah: 1 },
    ]);
    expect(switchLevel(lines, "mie-nyala-level-1#1", { ...mie3, level: 9 })).toEqual(lines);
  });

  test("a stored line gets its item's own level; a level picked for another item is flagged, never repriced", () => {
    // Stored when any level could be picked for any noodle: Mie Nyala Level 1 at level 5.
    const result = reconcile([line(mie, 1), { ...mie, level: 5, jumlah: 2 }, line(esTeh, 1)], levelMenu);
    expect(result.lines).toEqual([
      { ...mie, level: 1, jumlah: 1 },
      { ...mie, level: 5, jumlah: 2 },
      line(esTeh, 1),
    ]);
    expect(result.view.map((entry) => [entry.nama, entry.harga, entry.problem])).toEqual([
      ["Mie Nyala Level 1", 10_000, null],
      ["Mie Nyala Level 1", 10_000, "pilih-level"],
      ["Es Teh Jumbo", 5_000, null],
    ]);
    // The family's levels are offered with their own prices.
    expect(result.view[1]?.levels.map((entry) => [entry.level, entry.harga])).toEqual([
      [1, 10_000],
      [3, 12_000],
    ]);
    const chosen = switchLevel(result.lines, "mie-nyala-level-1#5", { ...mie3, level: 3 });
    expect(
      reconcile(chosen, levelMenu).view.map((entry) => [entry.nama, entry.harga, entry.problem]),
    ).toEqual([
      ["Mie Nyala Level 1", 10_000, null],
      ["Mie Nyala Level 3", 12_000, null],
      ["Es Teh Jumbo", 5_000, null],
    ]);
  });

  test("a level on an item that no longer takes one is dropped, merging lines", () => {
    const result = reconcile(
      [
        { ...esTeh, level: 2, jumlah: 1 },
        { ...esTeh, level: 4, jumlah: 2 },
      ],
      levelMenu,
    );
    expect(result.lines).toEqual([line(esTeh, 3)]);
    expect(result.changed).toBe(true);
  });
});
