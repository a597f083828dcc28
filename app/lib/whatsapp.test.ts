import { describe, expect, test } from "vitest";
import {
  contactMessage,
  formatWhatsAppNumber,
  MESSAGE_BUDGET,
  normalizeWhatsAppNumber,
  orderMessage,
  parseStoreWhatsAppNumber,
  productMessage,
  promoMessage,
  whatsappLink,
} from "./whatsapp.ts";

/** Reads a wa.me link back into its number and the text a customer would see in WhatsApp. */
function parseLink(link: string) {
  const match = /^https:\/\/wa\.me\/(\d+)\?text=([^?#\s]*)$/.exec(link);
  if (!match) throw new Error(`not a wa.me link with text: ${link}`);
  return { number: match[1], encoded: match[2]!, text: decodeURIComponent(match[2]!) };
}

describe("normalizeWhatsAppNumber", () => {
  test.each([
    ["0812-3456-789", "628123456789"],
    ["+62 812-3456-7890", "6281234567890"],
    ["+62 812 3456 7890", "6281234567890"],
    ["(0812) 3456 7890", "6281234567890"],
    ["6281234567890", "6281234567890"],
    ["81234567890", "6281234567890"],
    ["0062 812 3456 7890", "6281234567890"],
    [" 0812.3456.7890 ", "6281234567890"],
    ["+60 12-345 6789", "60123456789"],
  ])("%s → %s", (input, expected) => {
    expect(normalizeWhatsAppNumber(input)).toBe(expected);
  });

  test.each([
    "",
    "   ",
    "abc",
    "0812",
    "+0812345678",
    "1234567890123456789",
    // Letters and other characters are a typo to fix, never dropped into a different number.
    "0812-3456-789O",
    "0812 3456 7890 ext 12",
    "WA 0812-3456-7890",
    "0812/3456/7890",
    "0812_3456_7890",
    "٠٨١٢٣٤٥٦٧٨٩٠",
  ])("rejects %j as not a phone number", (input) => {
    expect(normalizeWhatsAppNumber(input)).toBe("");
  });
});

describe("parseStoreWhatsAppNumber (the store's number in /admin/outlet)", () => {
  test.each([
    ["0812-3456-7890", "6281234567890"],
    ["+62 812-3456-7890", "6281234567890"],
    ["(0812) 3456.7890", "6281234567890"],
    ["62 812 3456 7890", "6281234567890"],
    ["0062 812 3456 7890", "6281234567890"],
    ["81234567890", "6281234567890"],
    ["0812-3456-7", "6281234567"], // the shortest: 62 and 8 digits
    ["+62 812 3456 7890 12", "628123456789012"], // the longest: 62 and 13 digits
    ["(0401) 312-345", "62401312345"], // a landline in Kendari
  ])("accepts %j as %s", (input, number) => {
    expect(parseStoreWhatsAppNumber(input)).toEqual({ ok: true, number });
  });

  test.each([
    ["0812-3456-789O", "Nomor WhatsApp hanya boleh berisi angka, spasi, dan tanda + - ( ) . (tanpa huruf)."],
    [
      "0812 3456 7890 a.n. Budi",
      "Nomor WhatsApp hanya boleh berisi angka, spasi, dan tanda + - ( ) . (tanpa huruf).",
    ],
    ["0812/3456/7890", "Nomor WhatsApp hanya boleh berisi angka, spasi, dan tanda + - ( ) . (tanpa huruf)."],
    [
      "+60 12-345 6789",
      "Nomor WhatsApp harus nomor Indonesia (kode negara 62). Contoh: 0812-3456-7890 atau +62 812-3456-7890.",
    ],
    [
      "+1 415 555 0100",
      "Nomor WhatsApp harus nomor Indonesia (kode negara 62). Contoh: 0812-3456-7890 atau +62 812-3456-7890.",
    ],
    ["+62 0812 3456 7890", "Setelah kode negara 62, tulis nomor tanpa angka 0. Contoh: +62 812-3456-7890."],
    ["", "Nomor WhatsApp tidak valid. Contoh: 0812-3456-7890 atau +62 812-3456-7890."],
    ["12", "Nomor WhatsApp tidak valid. Contoh: 0812-3456-7890 atau +62 812-3456-7890."],
    ["0812-3456", "Nomor WhatsApp tidak valid. Contoh: 0812-3456-7890 atau +62 812-3456-7890."],
    ["+62 812 3456 7890 123", "Nomor WhatsApp tidak valid. Contoh: 0812-3456-7890 atau +62 812-3456-7890."],
  ])("refuses %j: %s", (input, message) => {
    expect(parseStoreWhatsAppNumber(input)).toEqual({ ok: false, message });
  });
});

describe("formatWhatsAppNumber", () => {
  test("shows an Indonesian number the way people write it", () => {
    expect(formatWhatsAppNumber("6281234567890")).toBe("+62 812-3456-7890");
  });

  test("shows any other number with a plus sign", () => {
    expect(formatWhatsAppNumber("60123456789")).toBe("+60123456789");
  });
});

describe("whatsappLink", () => {
  test("has the exact wa.me format with the normalised number", () => {
    expect(whatsappLink("0812-3456-789", "Halo")).toBe("https://wa.me/628123456789?text=Halo");
    expect(whatsappLink("+62 812-3456-7890", "Halo")).toBe("https://wa.me/6281234567890?text=Halo");
  });

  test("encodes with encodeURIComponent: spaces are %20, never +", () => {
    const link = whatsappLink("6281234567890", "Halo, saya ingin pesan Mie Nyala Level 1");
    expect(link).toBe(
      "https://wa.me/6281234567890?text=Halo%2C%20saya%20ingin%20pesan%20Mie%20Nyala%20Level%201",
    );
    expect(link).not.toContain("+");
  });

  test("line breaks become %0A", () => {
    const link = whatsappLink("6281234567890", "satu\ndua\nTotal");
    expect(parseLink(link).encoded).toBe("satu%0Adua%0ATotal");
  });

  test.each([
    ["ampersand", "Mie & Es Teh", "Mie%20%26%20Es%20Teh"],
    ["hash", "Meja #4", "Meja%20%234"],
    ["percent", "Diskon 20% Hari Senin", "Diskon%2020%25%20Hari%20Senin"],
    ["question mark and equals", "a=b?c", "a%3Db%3Fc"],
    ["plus sign", "1+1", "1%2B1"],
  ])("%s survives as data, not as URL syntax", (_name, text, encoded) => {
    const parsed = parseLink(whatsappLink("6281234567890", text));
    expect(parsed.encoded).toBe(encoded);
    expect(parsed.text).toBe(text);
  });

  test("emoji and accented letters round-trip", () => {
    const text = "Pedasnya 🔥🌶️ mantap, café 👍🏽";
    const parsed = parseLink(whatsappLink("6281234567890", text));
    expect(parsed.text).toBe(text);
    expect(parsed.encoded).toMatch(/^[A-Za-z0-9%\-_.!~*'()]+$/);
  });

  test("a URL parser reads the same text back", () => {
    const text = "Halo & selamat #malam 100% 🔥\nbaris dua";
    const url = new URL(whatsappLink("0812-3456-7890", text));
    expect(url.origin).toBe("https://wa.me");
    expect(url.pathname).toBe("/6281234567890");
    expect(url.searchParams.get("text")).toBe(text);
    expect([...url.searchParams.keys()]).toEqual(["text"]);
  });

  test("without text the link has no query", () => {
    expect(whatsappLink("6281234567890", "")).toBe("https://wa.me/6281234567890");
  });
});

describe("messages", () => {
  test("product or slide order", () => {
    expect(productMessage("Mie Nyala Level 1")).toBe("Halo, saya ingin pesan Mie Nyala Level 1");
    expect(whatsappLink("6281234567890", productMessage("Es Nyala"))).toBe(
      "https://wa.me/6281234567890?text=Halo%2C%20saya%20ingin%20pesan%20Es%20Nyala",
    );
  });

  test("promo", () => {
    expect(promoMessage("Diskon 20% Hari Senin")).toBe(
      "Halo, saya tertarik dengan promo Diskon 20% Hari Senin",
    );
    expect(parseLink(whatsappLink("6281234567890", promoMessage("Diskon 20% Hari Senin"))).encoded).toBe(
      "Halo%2C%20saya%20tertarik%20dengan%20promo%20Diskon%2020%25%20Hari%20Senin",
    );
  });

  test("contact", () => {
    expect(contactMessage("Mie Nyala")).toBe("Halo Mie Nyala, saya ingin bertanya");
  });

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
