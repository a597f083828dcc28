import { describe, expect, test } from "vitest";
import { whatsappLink } from "../../lib/whatsapp.ts";
import { MESSAGE_BUDGET, orderMessage } from "./order-message.ts";

/** Reads a wa.me link back into its number and the text a customer would see in WhatsApp. */
function parseLink(link: string) {
  const match = /^https:\/\/wa\.me\/(\d+)\?text=([^?#\s]*)$/.exec(link);
  if (!match) throw new Error(`not a wa.me link with text: ${link}`);
  return { number: match[1], encoded: match[2]!, text: decodeURIComponent(match[2]!) };
}

describe("cart checkout message", () => {
  test("cart checkout: greeting, one line per item with its subtotal, then the total", () => {
    const text = orderMessage("Mie Nyala", [
      { nama: "Mie Nyala Level 1", harga: 10_000, jumlah: 2 },
      { nama: "Es Teh Jumbo", harga: 5_000, jumlah: 1 },
      { nama: "Pangsit Goreng", harga: 9_000, jumlah: 12 },
    ]);
    expect(text).toBe(
      [
        "Halo Mie Nyala, saya ingin memesan:",
        "2x Mie Nyala Level 1 — Rp 20.000",
        "1x Es Teh Jumbo — Rp 5.000",
        "12x Pangsit Goreng — Rp 108.000",
        "Total: Rp 133.000",
      ].join("\n"),
    );
  });

  test("cart checkout link carries the whole order, line breaks as %0A", () => {
    const lines = [
      { nama: "Mie Nyala Level 2", harga: 11_000, jumlah: 3 },
      { nama: "Es Nyala", harga: 8_000, jumlah: 1 },
    ];
    const link = whatsappLink("+62 812-3456-7890", orderMessage("Mie Nyala", lines));
    expect(link).toBe(
      "https://wa.me/6281234567890?text=" +
        "Halo%20Mie%20Nyala%2C%20saya%20ingin%20memesan%3A%0A" +
        "3x%20Mie%20Nyala%20Level%202%20%E2%80%94%20Rp%2033.000%0A" +
        "1x%20Es%20Nyala%20%E2%80%94%20Rp%208.000%0A" +
        "Total%3A%20Rp%2041.000",
    );
    expect(parseLink(link).text.split("\n")).toHaveLength(4);
  });

  test("item names with URL syntax cannot break the checkout link", () => {
    const text = orderMessage("Mie & Co", [{ nama: "Paket #1 100% 🔥", harga: 15_000, jumlah: 1 }]);
    const parsed = parseLink(whatsappLink("6281234567890", text));
    expect(parsed.text).toBe(
      "Halo Mie & Co, saya ingin memesan:\n1x Paket #1 100% 🔥 — Rp 15.000\nTotal: Rp 15.000",
    );
  });
});

describe("checkout message with code, levels and notes", () => {
  test("carries the code, each line's level and note, the name and the total", () => {
    const text = orderMessage(
      "Mie Nyala",
      [
        { nama: "Mie Nyala Level 1", harga: 10_000, jumlah: 2, level: 3, catatan: "tanpa sayur" },
        { nama: "Mie Nyala Level 1", harga: 10_000, jumlah: 1, level: 0 },
        { nama: "Es Teh Jumbo", harga: 5_000, jumlah: 1, level: null, catatan: "" },
      ],
      { code: "NY-7K3Q", customerName: "Budi Santoso" },
    );
    expect(text).toBe(
      [
        "Halo Mie Nyala, saya ingin memesan:",
        "Kode pesanan: NY-7K3Q",
        "2x Mie Nyala Level 1 — Rp 20.000",
        "   Level 3 (Pedas)",
        "   Catatan: tanpa sayur",
        "1x Mie Nyala Level 1 — Rp 10.000",
        "   Level 0 (Tidak pedas)",
        "1x Es Teh Jumbo — Rp 5.000",
        "Total: Rp 35.000",
        "Atas nama: Budi Santoso",
      ].join("\n"),
    );
  });

  test("outside opening hours the message says when the order will be processed", () => {
    const text = orderMessage("Mie Nyala", [{ nama: "Es Nyala", harga: 8_000, jumlah: 1 }], {
      code: "NY-7K3Q",
      closedNote: "Toko sedang tutup: pesanan ini akan diproses saat buka Senin pukul 10.00.",
    });
    expect(text.split("\n").at(-1)).toBe(
      "Toko sedang tutup: pesanan ini akan diproses saat buka Senin pukul 10.00.",
    );
  });

  const bigCart = (count: number, note = "") =>
    Array.from({ length: count }, (_, index) => ({
      nama: `Mie Nyala Spesial Nomor ${index + 1} Ekstra Pedas Jumbo`,
      harga: 10_000 + index * 1_000,
      jumlah: 99,
      level: index % 6,
      catatan: note,
    }));
  const totalOf = (lines: ReturnType<typeof bigCart>) =>
    lines.reduce((sum, line) => sum + line.harga * line.jumlah, 0);

  test(`a short cart is sent in full; the budget is ${MESSAGE_BUDGET} characters`, () => {
    const lines = bigCart(5, "kuah dipisah ya");
    const text = orderMessage("Mie Nyala", lines, { code: "NY-AAAA" });
    expect(text.length).toBeLessThanOrEqual(MESSAGE_BUDGET);
    expect(text.match(/Catatan: kuah dipisah ya/g)).toHaveLength(5);
  });

  test("a long cart first loses its notes (with a pointer to the order), keeping every item", () => {
    const lines = bigCart(14, "x".repeat(100));
    const text = orderMessage("Mie Nyala", lines, { code: "NY-7K3Q" });
    expect(text.length).toBeLessThanOrEqual(MESSAGE_BUDGET);
    expect(text).not.toContain("Catatan: x");
    expect(text).toContain("(Catatan tiap menu tersimpan di pesanan NY-7K3Q.)");
    for (const line of lines) expect(text).toContain(line.nama + " —");
  });

  test("a cart of 50 lines with notes is summarised: code and exact total kept, the rest in one line", () => {
    const lines = bigCart(50, "n".repeat(100));
    const text = orderMessage("Mie Nyala", lines, {
      code: "NY-7K3Q",
      customerName: "N".repeat(50),
      closedNote: "Toko sedang tutup: pesanan ini akan diproses saat buka besok pukul 10.00.",
    });
    expect(text.length).toBeLessThanOrEqual(MESSAGE_BUDGET);
    expect(text).toContain("Kode pesanan: NY-7K3Q");
    expect(text).toContain(`Total: Rp ${totalOf(lines).toLocaleString("id-ID")}`);
    expect(text).toContain("Toko sedang tutup");
    const shown = lines.filter((line) => text.includes(`${line.nama} —`));
    expect(shown.length).toBeGreaterThan(5);
    const rest = lines.slice(shown.length);
    expect(lines.slice(0, shown.length)).toEqual(shown);
    expect(text).toContain(
      `…dan ${rest.length} menu lainnya — Rp ${totalOf(rest).toLocaleString("id-ID")} (rincian lengkap di pesanan NY-7K3Q)`,
    );
  });

  test("the budget holds for any cart size, with the code always present", () => {
    for (let count = 1; count <= 50; count++) {
      const text = orderMessage("Mie Nyala", bigCart(count, "catatan ".repeat(12)), { code: "NY-9XQ4" });
      expect(text.length, `${count} lines`).toBeLessThanOrEqual(MESSAGE_BUDGET);
      expect(text).toContain("NY-9XQ4");
      expect(text.startsWith("Halo Mie Nyala, saya ingin memesan:")).toBe(true);
    }
  });

  test("the encoded link of a summarised cart still round-trips", () => {
    const text = orderMessage("Mie Nyala", bigCart(50, "🌶️ pedas & #mantap 100%"), { code: "NY-7K3Q" });
    expect(parseLink(whatsappLink("6281234567890", text)).text).toBe(text);
  });
});
