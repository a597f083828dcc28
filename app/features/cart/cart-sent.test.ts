import { describe, expect, test } from "vitest";
import { withoutOrdered, type CartLine } from "./cart.ts";

const line = (id: string, jumlah: number, level?: number): CartLine => ({
  id,
  nama: id,
  harga: 10_000,
  jumlah,
  gambar: "",
  ...(level === undefined ? {} : { level }),
});

describe("withoutOrdered: the cart after the customer says the order was sent", () => {
  test("removes the ordered lines and keeps the sold-out ones that were left out", () => {
    const mie3 = line("mie-nyala-level-1", 2, 3);
    const mie0 = line("mie-nyala-level-1", 1, 0);
    const pangsit = line("pangsit-goreng", 1); // sold out: not in the order
    const es = line("es-nyala", 1);
    expect(withoutOrdered([mie3, pangsit, mie0, es], [mie3, mie0, es])).toEqual([pangsit]);
  });

  test("a line is its item at its level: the same dish at another level stays", () => {
    const ordered = line("mie-nyala-level-2", 1, 1);
    const other = line("mie-nyala-level-2", 1, 4);
    expect(withoutOrdered([ordered, other], [ordered])).toEqual([other]);
  });

  test("everything ordered: the cart is empty", () => {
    const lines = [line("es-nyala", 3), line("es-teh-jumbo", 1)];
    expect(withoutOrdered(lines, lines)).toEqual([]);
  });
});
