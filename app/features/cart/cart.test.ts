import { describe, expect, test } from "vitest";
import {
  orderableCount,
  addItem,
  cartCount,
  cartFingerprint,
  cartTotal,
  decrease,
  increase,
  lineKey,
  lineSubtotal,
  MAX_LINES,
  MAX_QUANTITY,
  mergeCarts,
  parseStoredCart,
  reconcile,
  removeItem,
  setNote,
  setQuantity,
  withoutOrdered,
} from "./cart.ts";
import { esTeh, kept, line, menu, mie, pangsit, soldOutMenu, stored } from "./cart-fixtures.ts";

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
    const ordered = (key: string, jumlah: number) => ({ key, jumlah });
    expect(
      withoutOrdered(lines, [ordered(lineKey(mie3), 2), ordered(lineKey(mie0), 1), ordered(esTeh.id, 1)]),
    ).toEqual([line(pangsit, 1)]);
    expect(withoutOrdered(lines, [ordered(lineKey({ ...mie, level: 4 }), 1)])).toEqual(lines);
  });

  test("portions added after the checkout stay when the order's lines leave", () => {
    const lines = [line(esTeh, 3), line(pangsit, 1)];
    expect(withoutOrdered(lines, [{ key: esTeh.id, jumlah: 2 }])).toEqual([line(esTeh, 1), line(pangsit, 1)]);
  });
});

describe("totals", () => {
  const lines = [line(mie, 2), line(esTeh, 3), line(pangsit, 1)];

  test("subtotal per line is price times quantity", () => {
    expect(lines.map(lineSubtotal)).toEqual([20_000, 15_000, 9_000]);
  });

  test("count and total leave out what is sold out", () => {
    expect(cartTotal(reconcile(lines, menu).view)).toBe(44_000);
    expect(cartCount(reconcile(lines, menu).view)).toBe(6);
    const soldOut = reconcile(lines, soldOutMenu(esTeh.id)).view;
    expect(cartTotal(soldOut)).toBe(29_000);
    expect(cartCount(soldOut)).toBe(3);
    const byId = (entries: typeof menu) => new Map(entries.map((entry) => [entry.id, entry]));
    expect(orderableCount(lines, byId(menu))).toBe(6);
    expect(orderableCount(lines, byId(soldOutMenu(esTeh.id)))).toBe(3);
    expect(orderableCount(lines, byId(menu.filter((entry) => entry.id !== pangsit.id)))).toBe(5);
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
