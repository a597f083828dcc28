import { describe, expect, test } from "vitest";
import { layoutTicket } from "~/lib/tickets/ticket-layout.ts";
import { ticketBlocks, toTicketOrder, type TicketSource } from "./ticket-order.ts";

const SHOP = { brand: "Mie Nyala", address: "Jl. Contoh No. 123, Kendari", timezone: "Asia/Makassar" };

/** A delivery for Monday 30 November 18.15 WITA, ordered at 17.02 WITA (09.02 UTC). */
const DELIVERY: TicketSource = {
  code: "NY-7K3Q",
  customer_name: "Siti",
  customer_phone: "6281311112222",
  fulfilment: "antar",
  address: "Jl. Mawar No. 5",
  landmark: "depan masjid",
  table_number: "9",
  scheduled_for: new Date("2026-11-30T10:15:00Z"),
  created_at: new Date("2026-11-30T09:02:00Z"),
  subtotal: 32_000,
  total: 28_800,
  items: [
    { nama: "Mie Nyala Level 3", level: 3, jumlah: 2, catatan: "tanpa sayur", subtotal: 24_000 },
    { nama: "Mie Nyala Level 1", level: 5, jumlah: 1, catatan: "", subtotal: 8_000 },
  ],
  discounts: [{ title: "Senin Hemat", amount: 3_200 }],
};

const text = (source: TicketSource, kind: "dapur" | "struk") =>
  layoutTicket(ticketBlocks(source, SHOP, kind, false), 80)
    .map((line) => (line.kind === "line" ? line.text : ""))
    .join("\n");

describe("an order on its tickets", () => {
  test("in the orders' own words, with times in the store's time zone", () => {
    expect(toTicketOrder(DELIVERY, SHOP)).toEqual({
      code: "NY-7K3Q",
      placedAt: "Senin, 30 Nov, 17.02",
      fulfilment: "Diantar",
      when: "Senin, 30 Nov, 18.15",
      address: "Jl. Mawar No. 5 (patokan: depan masjid)",
      // A table number left over from another way of ordering is not this delivery's.
      table: null,
      customerName: "Siti",
      lines: [
        { name: "Mie Nyala Level 3", level: "Pedas", quantity: 2, note: "tanpa sayur", amount: 24_000 },
        {
          name: "Mie Nyala Level 1",
          level: "dipesan dengan Level 5 (Pedas gila) (pilihan level lama)",
          quantity: 1,
          note: "",
          amount: 8_000,
        },
      ],
      discounts: [{ title: "Senin Hemat", amount: 3_200 }],
      subtotal: 32_000,
      total: 28_800,
      payment: null,
      shop: { name: "Mie Nyala", address: "Jl. Contoh No. 123, Kendari" },
    });
  });

  test("the kitchen's ticket says where a delivery goes and carries no price", () => {
    const kitchen = text(DELIVERY, "dapur");
    expect(kitchen).toContain("Cara: Diantar\nAlamat: Jl. Mawar No. 5 (patokan: depan masjid)\nWaktu: Senin");
    expect(kitchen).not.toMatch(/Rp|Meja/);
    expect(text(DELIVERY, "struk")).toMatch(/^Senin Hemat +-Rp 3\.200$/m);
  });

  test("eaten in: the table; an order recorded before checkout asked how says neither how nor when", () => {
    expect(text({ ...DELIVERY, fulfilment: "makan" }, "dapur")).toContain("Cara: Makan di tempat\nWaktu:");
    expect(text({ ...DELIVERY, fulfilment: "makan" }, "dapur")).toContain("Meja: 9");
    const old = text({ ...DELIVERY, fulfilment: null, scheduled_for: null }, "dapur");
    expect(old).not.toMatch(/Cara:|Waktu:|Alamat:/);
    expect(old).toContain("Nama: Siti");
  });
});

describe("a changed order's tickets", () => {
  test("the kitchen ticket says which version it is; the receipt does not", () => {
    const changed = { ...DELIVERY, version: 3 };
    expect(text(changed, "dapur")).toContain("PESANAN DIUBAH (VERSI 3)");
    expect(text(changed, "struk")).not.toContain("DIUBAH");
    expect(text(DELIVERY, "dapur")).not.toContain("DIUBAH");
  });
});
