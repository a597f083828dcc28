import { describe, expect, test } from "vitest";
import { lineProblem, reconcile, type CatalogEntry } from "./cart.ts";
import { line, menu, mie, pangsit, soldOutMenu } from "./cart-fixtures.ts";
import { checkLines, orderBlock } from "./line-check.ts";

const levelled: CatalogEntry = { ...mie, gambar: "", tersedia: true, level_family: "Mie Nyala", level: 1 };
const byId = (entries: CatalogEntry[]) => new Map(entries.map((entry) => [entry.id, entry]));

describe("one line, against the menu", () => {
  test("gone, sold out, a level on an item without levels, another level than the item's own", () => {
    expect(lineProblem({}, undefined)).toBe("hilang");
    expect(lineProblem({}, { ...levelled, tersedia: false })).toBe("habis");
    expect(lineProblem({ level: 2 }, { ...menu[1]! })).toBe("tanpa-level");
    expect(lineProblem({ level: 3 }, levelled)).toBe("pilih-level");
  });

  test("no level means the item's own; the item's own level is fine", () => {
    expect(lineProblem({}, levelled)).toBeNull();
    expect(lineProblem({ level: null }, levelled)).toBeNull();
    expect(lineProblem({ level: 1 }, levelled)).toBeNull();
    expect(lineProblem({}, menu[2]!)).toBeNull();
  });
});

describe("the lines a recording takes", () => {
  test("each with its menu entry, when every line is orderable now", () => {
    const checked = checkLines([{ id: mie.id, jumlah: 2, level: 1 }], byId([levelled]));
    expect(checked).toEqual({ ok: true, lines: [{ id: mie.id, jumlah: 2, level: 1, entry: levelled }] });
  });

  test("else the first line's refusal, in the cart's words", () => {
    const cases = [
      [[{ id: "tidak-ada" }], byId(menu), 409, "Menu tidak ditemukan. Muat ulang halaman lalu coba lagi."],
      [[{ id: pangsit.id }], byId(soldOutMenu(pangsit.id)), 409, "Pangsit Goreng sedang habis."],
      [[{ id: pangsit.id, level: 2 }], byId(menu), 400, "Pangsit Goreng tidak memakai level pedas."],
      [[{ id: mie.id, level: 4 }], byId([levelled]), 400, "Pilih level pedas untuk Mie Nyala Level 1."],
    ] as const;
    for (const [lines, entries, status, message] of cases) {
      expect(checkLines(lines, entries)).toEqual({ ok: false, status, message });
    }
  });
});

describe("whether the cart page's lines can be checked out", () => {
  test("an empty cart, a level to choose, everything sold out: the reason", () => {
    expect(orderBlock([])?.message).toBe("Pesanan kosong. Tambahkan menu ke keranjang dulu.");
    const chosenElsewhere = reconcile([{ ...line(mie, 1), level: 3 }], [levelled]).view;
    expect(orderBlock(chosenElsewhere)).toEqual({
      ok: false,
      status: 400,
      message: "Pilih level pedas untuk Mie Nyala Level 1.",
    });
    const soldOut = reconcile([line(pangsit, 1)], soldOutMenu(pangsit.id)).view;
    expect(orderBlock(soldOut)).toEqual({
      ok: false,
      status: 409,
      message: "Semua menu di keranjang sedang habis.",
    });
  });

  test("a sold-out line beside an orderable one does not block: it stays out of the order", () => {
    const view = reconcile([line(mie, 1), line(pangsit, 1)], soldOutMenu(pangsit.id)).view;
    expect(orderBlock(view)).toBeNull();
  });
});
