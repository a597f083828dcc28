import { describe, expect, test } from "vitest";
import {
  addItem,
  cartCount,
  cartFingerprint,
  cartTotal,
  cleanNote,
  decrease,
  draftNote,
  increase,
  lineKey,
  lineSubtotal,
  MAX_LINES,
  MAX_NOTE_LENGTH,
  MAX_QUANTITY,
  mergeCarts,
  parseStoredCart,
  reconcile,
  removeItem,
  switchLevel,
  setNote,
  setQuantity,
  withoutOrdered,
  type CartLine,
  type CatalogEntry,
} from "./cart.ts";

const mie = { id: "mie-nyala-level-1", nama: "Mie Nyala Level 1", harga: 10_000 };
const esTeh = { id: "es-teh-jumbo", nama: "Es Teh Jumbo", harga: 5_000 };
const pangsit = { id: "pangsit-goreng", nama: "Pangsit Goreng", harga: 9_000 };
const picture = (id: string) => `/images/menu/${id}.webp`;

const line = (item: Omit<CartLine, "jumlah">, jumlah: number): CartLine => ({ ...item, jumlah });
const stored = (value: unknown) => parseStoredCart(JSON.stringify(value));
/** A line as a browser kept it in localStorage before the server kept carts (with its picture). */
const kept = (item: Omit<CartLine, "jumlah">, jumlah: number) => ({
  ...item,
  jumlah,
  gambar: picture(item.id),
});

const menu: CatalogEntry[] = [mie, esTeh, pangsit].map((item) => ({
  ...item,
  gambar: picture(item.id),
  tersedia: true,
}));
const soldOutMenu = (id: string) =>
  menu.map((entry) => (entry.id === id ? { ...entry, tersedia: false } : entry));

describe("cart actions", () => {
  test("adding a new item makes a line of 1", () => {
    expect(addItem([], mie)).toEqual([line(mie, 1)]);
  });

  test("adding the same item again merges into its line", () => {
    expect(addItem(addItem(addItem([], mie), esTeh), mie)).toEqual([line(mie, 2), line(esTeh, 1)]);
  });

  test("adding never goes past 99, and a full cart takes no new line", () => {
    expect(addItem([line(mie, MAX_QUANTITY)], mie)).toEqual([line(mie, 99)]);
    const full = Array.from({ length: MAX_LINES }, (_, index) =>
      line({ id: `m-${index}`, nama: "M", harga: 1 }, 1),
    );
    expect(addItem(full, esTeh)).toEqual(full);
    expect(addItem(full, { id: "m-3", nama: "M", harga: 1 })[3]?.jumlah).toBe(2);
  });

  test("a quantity is set within 1–99 on the named line only", () => {
    const lines = [line(mie, 1), line(esTeh, 4)];
    expect(setQuantity(lines, esTeh.id, 7)).toEqual([line(mie, 1), line(esTeh, 7)]);
    expect(setQuantity(lines, esTeh.id, 0)).toEqual([line(mie, 1), line(esTeh, 1)]);
    expect(setQuantity(lines, esTeh.id, 250)).toEqual([line(mie, 1), line(esTeh, 99)]);
    expect(setQuantity(lines, "tidak-ada", 5)).toEqual(lines);
  });

  test("increase stops at 99, decrease never goes below 1", () => {
    expect(increase([line(mie, 98)], mie.id)).toEqual([line(mie, 99)]);
    expect(increase([line(mie, 99)], mie.id)).toEqual([line(mie, 99)]);
    expect(decrease([line(mie, 3)], mie.id)).toEqual([line(mie, 2)]);
    expect(decrease([line(mie, 1)], mie.id)).toEqual([line(mie, 1)]);
  });

  test("remove drops the line; an unknown key changes nothing", () => {
    const lines = [line(mie, 2), line(esTeh, 1)];
    expect(removeItem(lines, mie.id)).toEqual([line(esTeh, 1)]);
    expect(removeItem(lines, "tidak-ada")).toEqual(lines);
  });

  test("actions do not mutate the lines they are given", () => {
    const lines = [line(mie, 2)];
    const copy = structuredClone(lines);
    addItem(lines, mie);
    setQuantity(lines, mie.id, 5);
    setNote(lines, mie.id, "pedas");
    removeItem(lines, mie.id);
    mergeCarts(lines, [line(mie, 3)]);
    expect(lines).toEqual(copy);
  });

  test("two carts merge: quantities added (at most 99), the first note stays, at most 50 lines", () => {
    const account = [{ ...mie, level: 2, jumlah: 60, catatan: "kuah dipisah" }, line(esTeh, 1)];
    const guest = [{ ...mie, level: 2, jumlah: 50, catatan: "tanpa sayur" }, line(pangsit, 2)];
    expect(mergeCarts(account, guest)).toEqual([
      { ...mie, level: 2, jumlah: 99, catatan: "kuah dipisah" },
      line(esTeh, 1),
      line(pangsit, 2),
    ]);
    const many = Array.from({ length: MAX_LINES }, (_, index) =>
      line({ id: `g-${index}`, nama: "G", harga: 1 }, 1),
    );
    expect(mergeCarts([line(mie, 1)], many)).toHaveLength(MAX_LINES);
  });

  test("after an order was sent only its lines leave; the sold-out ones left out stay", () => {
    const mie3 = { ...mie, level: 3, jumlah: 2 };
    const mie0 = { ...mie, level: 0, jumlah: 1 };
    const lines = [mie3, line(pangsit, 1), mie0, line(esTeh, 1)];
    expect(withoutOrdered(lines, [lineKey(mie3), lineKey(mie0), esTeh.id])).toEqual([line(pangsit, 1)]);
    expect(withoutOrdered(lines, [lineKey({ ...mie, level: 4 })])).toEqual(lines);
  });
});

describe("totals", () => {
  const lines = [line(mie, 2), line(esTeh, 3), line(pangsit, 1)];

  test("subtotal per line is price times quantity", () => {
    expect(lines.map(lineSubtotal)).toEqual([20_000, 15_000, 9_000]);
  });

  test("count adds every line; the total leaves out what is sold out", () => {
    expect(cartTotal(reconcile(lines, menu).view)).toBe(44_000);
    expect(cartCount(reconcile(lines, menu).view)).toBe(6);
    const soldOut = reconcile(lines, soldOutMenu(esTeh.id)).view;
    expect(cartTotal(soldOut)).toBe(29_000);
    expect(cartCount(soldOut)).toBe(6);
  });

  test("an empty cart totals 0", () => {
    expect(cartTotal([])).toBe(0);
    expect(cartCount([])).toBe(0);
  });

  test("the fingerprint names what will be ordered: key, quantity and price, not the sold-out lines", () => {
    const view = reconcile([line(mie, 2), line(esTeh, 1)], soldOutMenu(esTeh.id)).view;
    expect(cartFingerprint(view)).toBe("mie-nyala-level-1*2*10000");
    const priced = reconcile([line(mie, 2)], [{ ...menu[0]!, harga: 12_000 }]).view;
    expect(cartFingerprint(priced)).toBe("mie-nyala-level-1*2*12000");
  });
});

describe("a cart kept in localStorage before the server kept carts", () => {
  test("reads back what a browser stored (its picture is not kept: the menu's is shown)", () => {
    expect(stored([kept(mie, 2), kept(esTeh, 1)])).toEqual([line(mie, 2), line(esTeh, 1)]);
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
    const good = kept(mie, 1);
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
    expect(result).toEqual([line(mie, 1)]);
  });

  test.each([0, -1, -99, 1.5, 0.5, 98.9])("a quantity of %d drops the line", (jumlah) => {
    expect(stored([kept(mie, jumlah), kept(esTeh, 1)])).toEqual([line(esTeh, 1)]);
  });

  test("huge quantities are capped at 99", () => {
    expect(stored([kept(mie, 1000)])).toEqual([line(mie, 99)]);
    expect(stored([kept(mie, 1e300)])).toEqual([line(mie, 99)]);
    expect(parseStoredCart(`[${JSON.stringify(mie).slice(0, -1)},"jumlah":1e999}]`)).toEqual([]);
  });

  test("duplicate lines are merged, still capped at 99", () => {
    expect(stored([kept(mie, 2), kept(esTeh, 1), kept(mie, 3)])).toEqual([line(mie, 5), line(esTeh, 1)]);
    expect(stored([kept(mie, 60), kept(mie, 60)])).toEqual([line(mie, 99)]);
  });

  test("extra fields in a stored line are not carried over (a stored picture or flag included)", () => {
    const raw = `[${JSON.stringify({ ...kept(mie, 1), tersedia: false, diskon: "<b>x</b>" }).slice(0, -1)},"__proto__":{"admin":true}}]`;
    const [result] = parseStoredCart(raw);
    expect(Object.keys(result!).sort()).toEqual(["harga", "id", "jumlah", "nama"]);
    expect((result as unknown as Record<string, unknown>).admin).toBeUndefined();
    expect(Object.getPrototypeOf(result)).toBe(Object.prototype);
  });

  test(`hundreds of lines are cut down to ${MAX_LINES}`, () => {
    const many = Array.from({ length: 500 }, (_, index) => ({
      id: `item-${index}`,
      nama: `Menu ${index}`,
      harga: 1_000 + index,
      jumlah: 1,
    }));
    const result = stored(many);
    expect(result).toHaveLength(MAX_LINES);
    expect(result[0]?.id).toBe("item-0");
    expect(result.at(-1)?.id).toBe(`item-${MAX_LINES - 1}`);
  });

  test("a huge stored string does not throw", () => {
    const raw = JSON.stringify(Array.from({ length: 20_000 }, () => kept(mie, 1)));
    expect(parseStoredCart(raw)).toEqual([line(mie, 99)]);
  });

  test("levels and notes round-trip, and an old cart without them still loads", () => {
    expect(stored([{ ...kept(mie, 1), level: 2, catatan: "tanpa bawang" }, kept(esTeh, 2)])).toEqual([
      { ...mie, level: 2, jumlah: 1, catatan: "tanpa bawang" },
      line(esTeh, 2),
    ]);
    const old =
      '[{"id":"mie-nyala-level-1","nama":"Mie Nyala Level 1","harga":10000,"jumlah":2,"gambar":""}]';
    expect(parseStoredCart(old)).toEqual([line(mie, 2)]);
  });

  test.each([6, -1, 2.5, "3", null])("a stored level of %j is dropped, the line kept", (level) => {
    expect(stored([{ ...kept(mie, 1), level }])).toEqual([line(mie, 1)]);
  });
});

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
