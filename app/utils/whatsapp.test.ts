import { describe, expect, test } from "vitest";
import {
  contactMessage,
  formatWhatsAppNumber,
  normalizeWhatsAppNumber,
  orderMessage,
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

  test.each(["", "   ", "abc", "0812", "+0812345678", "1234567890123456789"])(
    "rejects %j as not a phone number",
    (input) => {
      expect(normalizeWhatsAppNumber(input)).toBe("");
    },
  );
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
