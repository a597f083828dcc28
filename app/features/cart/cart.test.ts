import { describe, expect, test } from "vitest";
import {
  addItem,
  cartCount,
  cartTotal,
  decrease,
  increase,
  lineSubtotal,
  MAX_LINES,
  MAX_QUANTITY,
  cleanNote,
  draftNote,
  lineKey,
  lineProblem,
  MAX_NOTE_LENGTH,
  parseStoredCart,
  reconcile,
  removeItem,
  setLevel,
  setNote,
  type CartLine,
  type CatalogEntry,
} from "./cart.ts";

const mie = {
  id: "mie-nyala-level-1",
  nama: "Mie Nyala Level 1",
  harga: 10_000,
  gambar: "/images/menu/a.webp",
};
const esTeh = { id: "es-teh-jumbo", nama: "Es Teh Jumbo", harga: 5_000, gambar: "/images/menu/b.webp" };
const pangsit = { id: "pangsit-goreng", nama: "Pangsit Goreng", harga: 9_000, gambar: "/images/menu/c.webp" };

const line = (item: Omit<CartLine, "jumlah">, jumlah: number): CartLine => ({ ...item, jumlah });
const stored = (value: unknown) => parseStoredCart(JSON.stringify(value));

describe("cart actions", () => {
  test("adding a new item makes a line of 1", () => {
    expect(addItem([], mie)).toEqual([line(mie, 1)]);
  });

  test("adding the same item again merges into its line", () => {
    const lines = addItem(addItem(addItem([], mie), esTeh), mie);
    expect(lines).toEqual([line(mie, 2), line(esTeh, 1)]);
  });

  test("adding never goes past 99", () => {
    expect(addItem([line(mie, MAX_QUANTITY)], mie)).toEqual([line(mie, 99)]);
  });

  test("increase adds one to the named line only", () => {
    expect(increase([line(mie, 1), line(esTeh, 4)], esTeh.id)).toEqual([line(mie, 1), line(esTeh, 5)]);
  });

  test("increase stops at 99", () => {
    expect(increase([line(mie, 98)], mie.id)).toEqual([line(mie, 99)]);
    expect(increase([line(mie, 99)], mie.id)).toEqual([line(mie, 99)]);
  });

  test("decrease takes one away but never goes below 1", () => {
    expect(decrease([line(mie, 3)], mie.id)).toEqual([line(mie, 2)]);
    expect(decrease([line(mie, 1)], mie.id)).toEqual([line(mie, 1)]);
    expect(decrease(decrease([line(mie, 2)], mie.id), mie.id)).toEqual([line(mie, 1)]);
  });

  test("remove drops the line; an unknown id changes nothing", () => {
    const lines = [line(mie, 2), line(esTeh, 1)];
    expect(removeItem(lines, mie.id)).toEqual([line(esTeh, 1)]);
    expect(removeItem(lines, "tidak-ada")).toEqual(lines);
    expect(removeItem(removeItem(lines, mie.id), esTeh.id)).toEqual([]);
  });

  test("actions do not mutate the lines they are given", () => {
    const lines = [line(mie, 2)];
    const copy = structuredClone(lines);
    addItem(lines, mie);
    increase(lines, mie.id);
    decrease(lines, mie.id);
    removeItem(lines, mie.id);
    expect(lines).toEqual(copy);
  });
});

describe("totals", () => {
  const lines = [line(mie, 2), line(esTeh, 3), line(pangsit, 1)];

  test("subtotal per line is price times quantity", () => {
    expect(lines.map(lineSubtotal)).toEqual([20_000, 15_000, 9_000]);
  });

  test("total and count add up every line", () => {
    expect(cartTotal(lines)).toBe(44_000);
    expect(cartCount(lines)).toBe(6);
  });

  test("an empty cart totals 0", () => {
    expect(cartTotal([])).toBe(0);
    expect(cartCount([])).toBe(0);
  });
});

describe("parseStoredCart", () => {
  test("reads back what the cart stored", () => {
    const lines = [line(mie, 2), line(esTeh, 1)];
    expect(parseStoredCart(JSON.stringify(lines))).toEqual(lines);
  });

  test.each([null, undefined, "", "{", "not json", "[1,2", "undefined", "NaN"])(
    "corrupt or missing storage %j gives an empty cart",
    (raw) => {
      expect(parseStoredCart(raw)).toEqual([]);
    },
  );

  test.each(['{"id":"x"}', "42", '"keranjang"', "null", "true", '{"0":{"id":"a"}}'])(
    "a stored value that is not an array (%s) gives an empty cart",
    (raw) => {
      expect(parseStoredCart(raw)).toEqual([]);
    },
  );

  test("lines of the wrong shape are dropped, good lines kept", () => {
    const good = line(mie, 1);
    const result = stored([
      null,
      7,
      "mie",
      [],
      {},
      { ...good, id: 12 },
      { ...good, id: "" },
      { ...good, nama: null },
      { ...good, nama: "" },
      { ...good, harga: "10000" },
      { ...good, harga: 0 },
      { ...good, harga: -10_000 },
      { ...good, harga: 10_000.5 },
      { ...good, harga: Number.MAX_SAFE_INTEGER },
      { ...good, jumlah: "2" },
      { ...good, jumlah: null },
      { ...good, id: "x".repeat(101) },
      { ...good, nama: "n".repeat(201) },
      good,
    ]);
    expect(result).toEqual([good]);
  });

  test.each([0, -1, -99, 1.5, 0.5, 98.9])("a quantity of %d drops the line", (jumlah) => {
    expect(stored([line(mie, jumlah), line(esTeh, 1)])).toEqual([line(esTeh, 1)]);
  });

  test("huge quantities are capped at 99", () => {
    expect(stored([line(mie, 1000)])).toEqual([line(mie, 99)]);
    expect(stored([line(mie, 1e300)])).toEqual([line(mie, 99)]);
    expect(parseStoredCart(`[${JSON.stringify(mie).slice(0, -1)},"jumlah":1e999}]`)).toEqual([]);
  });

  test("duplicate ids are merged, still capped at 99", () => {
    expect(stored([line(mie, 2), line(esTeh, 1), line(mie, 3)])).toEqual([line(mie, 5), line(esTeh, 1)]);
    expect(stored([line(mie, 60), line(mie, 60)])).toEqual([line(mie, 99)]);
  });

  test.each([
    "javascript:alert(1)",
    "JAVASCRIPT:alert(document.cookie)",
    "data:image/svg+xml,<svg onload=alert(1)>",
    "https://evil.example/x.png",
    "//evil.example/x.png",
    "/images/a.webp?x=<script>",
    '/images/a.webp" onerror="alert(1)',
    42,
  ])("an image URL other than our own path (%j) is blanked, the line kept", (gambar) => {
    expect(stored([{ ...mie, gambar, jumlah: 1 }])).toEqual([{ ...mie, gambar: "", jumlah: 1 }]);
  });

  test("our own image paths are kept", () => {
    expect(stored([line(mie, 1)])[0]?.gambar).toBe("/images/menu/a.webp");
  });

  test("extra fields in a stored line are not carried over", () => {
    const raw = `[${JSON.stringify({ ...mie, jumlah: 1, diskon: "<b>x</b>" }).slice(0, -1)},"__proto__":{"admin":true}}]`;
    const [result] = parseStoredCart(raw);
    expect(Object.keys(result!).sort()).toEqual(["gambar", "harga", "id", "jumlah", "nama"]);
    expect((result as unknown as Record<string, unknown>).admin).toBeUndefined();
    expect(Object.getPrototypeOf(result)).toBe(Object.prototype);
  });

  test(`hundreds of lines are cut down to ${MAX_LINES}`, () => {
    const many = Array.from({ length: 500 }, (_, index) => ({
      id: `item-${index}`,
      nama: `Menu ${index}`,
      harga: 1_000 + index,
      jumlah: 1,
      gambar: "",
    }));
    const result = stored(many);
    expect(result).toHaveLength(MAX_LINES);
    expect(result[0]?.id).toBe("item-0");
    expect(result.at(-1)?.id).toBe(`item-${MAX_LINES - 1}`);
  });

  test("a huge stored string does not throw", () => {
    const raw = JSON.stringify(Array.from({ length: 20_000 }, () => line(mie, 1)));
    expect(parseStoredCart(raw)).toEqual([line(mie, 99)]);
  });
});

describe("reconcile with the current menu", () => {
  const menu: CatalogEntry[] = [
    { ...mie, tersedia: true },
    { ...esTeh, tersedia: true },
    { ...pangsit, tersedia: true },
  ];

  test("an unchanged cart stays as it is, without notices", () => {
    const lines = [line(mie, 2), line(esTeh, 1)];
    expect(reconcile(lines, menu)).toEqual({ lines, notices: [], changed: false });
  });

  test("a line whose item is gone is dropped with a notice", () => {
    const ghost = { id: "mie-lama", nama: "Mie Lama", harga: 7_000, gambar: "" };
    const result = reconcile([line(ghost, 1), line(mie, 2)], menu);
    expect(result.lines).toEqual([line(mie, 2)]);
    expect(result.notices).toEqual(["Mie Lama sudah tidak ada di menu dan dihapus dari keranjang."]);
    expect(result.changed).toBe(true);
  });

  test("a sold-out item stays in the cart, flagged, with a notice", () => {
    const soldOut = menu.map((entry) => (entry.id === esTeh.id ? { ...entry, tersedia: false } : entry));
    const lines = [line(mie, 1), line(esTeh, 3)];
    const result = reconcile(lines, soldOut);
    expect(result.lines).toEqual(lines);
    expect(result.notices).toEqual(["Es Teh Jumbo sedang habis dan tidak ikut dipesan."]);
    expect(result.changed).toBe(false);
    const byId = new Map(soldOut.map((entry) => [entry.id, entry]));
    expect(result.lines.map((entry) => lineProblem(entry, byId))).toEqual([null, "habis"]);
  });

  test("a changed price is taken over, quantity kept, with a notice", () => {
    const result = reconcile([line({ ...pangsit, harga: 7_500 }, 4)], menu);
    expect(result.lines).toEqual([line(pangsit, 4)]);
    expect(result.notices).toEqual(["Harga Pangsit Goreng berubah dari Rp 7.500 menjadi Rp 9.000."]);
    expect(result.changed).toBe(true);
    expect(cartTotal(result.lines)).toBe(36_000);
  });

  test("a renamed item or a new image is taken over silently", () => {
    const result = reconcile([line({ ...mie, nama: "Nama Lama", gambar: "" }, 1)], menu);
    expect(result.lines).toEqual([line(mie, 1)]);
    expect(result.notices).toEqual([]);
    expect(result.changed).toBe(true);
  });

  test("several problems give one notice each", () => {
    const result = reconcile(
      [line({ ...mie, harga: 1 }, 1), line({ id: "x", nama: "X", harga: 1, gambar: "" }, 1), line(esTeh, 1)],
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

describe("spice levels and notes", () => {
  const levelMenu: CatalogEntry[] = [
    { ...mie, tersedia: true, takes_level: true },
    { ...esTeh, tersedia: true, takes_level: false },
  ];
  const byId = new Map(levelMenu.map((entry) => [entry.id, entry]));

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
    const lines = addItem(addItem([], { ...mie, level: 0 }), mie);
    expect(lines.map(lineKey)).toEqual(["mie-nyala-level-1#0", "mie-nyala-level-1"]);
  });

  test("actions address one line by its key", () => {
    const lines = [
      { ...mie, level: 1, jumlah: 2 },
      { ...mie, level: 3, jumlah: 1 },
    ];
    expect(increase(lines, "mie-nyala-level-1#3")[1]?.jumlah).toBe(2);
    expect(increase(lines, "mie-nyala-level-1#3")[0]?.jumlah).toBe(2);
    expect(decrease(lines, "mie-nyala-level-1#1")[0]?.jumlah).toBe(1);
    expect(removeItem(lines, "mie-nyala-level-1#1")).toEqual([{ ...mie, level: 3, jumlah: 1 }]);
  });

  test("a note is kept per line and only when it says something", () => {
    const lines = [{ ...mie, level: 1, jumlah: 1 }];
    const noted = setNote(lines, "mie-nyala-level-1#1", "tanpa sayur ");
    expect(noted[0]?.catatan).toBe("tanpa sayur ");
    expect(Object.keys(setNote(noted, "mie-nyala-level-1#1", "")[0]!)).not.toContain("catatan");
    expect(setNote(lines, "mie-nyala-level-1#1", "x".repeat(150))[0]?.catatan).toHaveLength(MAX_NOTE_LENGTH);
  });

  test("notes lose control characters and line breaks; the sent form is trimmed", () => {
    expect(draftNote("pedas\nsekali\u0000 ")).toBe("pedas sekali  ");
    expect(cleanNote("  pedas\n\n  sekali\t ")).toBe("pedas sekali");
    expect(cleanNote(42)).toBe("");
    expect(Array.from(cleanNote("🌶".repeat(120)))).toHaveLength(MAX_NOTE_LENGTH);
  });

  test("moving a line to another level merges it into an existing line at that level", () => {
    const lines = [
      { ...mie, level: 1, jumlah: 60, catatan: "kuah dipisah" },
      { ...mie, level: 3, jumlah: 50 },
      { ...esTeh, jumlah: 1 },
    ];
    expect(setLevel(lines, "mie-nyala-level-1#1", 4)[0]).toEqual({
      ...mie,
      level: 4,
      jumlah: 60,
      catatan: "kuah dipisah",
    });
    expect(setLevel(lines, "mie-nyala-level-1#1", 3)).toEqual([
      { ...mie, level: 3, jumlah: 99, catatan: "kuah dipisah" },
      { ...esTeh, jumlah: 1 },
    ]);
    expect(setLevel(lines, "mie-nyala-level-1#1", 9)).toEqual(lines);
  });

  test("the new stored format round-trips, and an old cart without levels or notes still loads", () => {
    const lines = [{ ...mie, level: 2, jumlah: 1, catatan: "tanpa bawang" }, line(esTeh, 2)];
    expect(parseStoredCart(JSON.stringify(lines))).toEqual(lines);
    const old =
      '[{"id":"mie-nyala-level-1","nama":"Mie Nyala Level 1","harga":10000,"jumlah":2,"gambar":""}]';
    expect(parseStoredCart(old)).toEqual([{ ...mie, gambar: "", jumlah: 2 }]);
  });

  test.each([6, -1, 2.5, "3", null])("a stored level of %j is dropped, the line kept", (level) => {
    expect(stored([{ ...mie, jumlah: 1, level }])).toEqual([line(mie, 1)]);
  });

  test("an item that takes a level but has none is flagged until a level is chosen", () => {
    const lines = [line(mie, 1), line(esTeh, 1)];
    expect(lines.map((entry) => lineProblem(entry, byId))).toEqual(["pilih-level", null]);
    const chosen = setLevel(lines, mie.id, 2);
    expect(chosen.map((entry) => lineProblem(entry, byId))).toEqual([null, null]);
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
