import { describe, expect, test } from "vitest";
import { contactMessage, normalizeWhatsAppNumber, promoMessage, whatsappLink } from "./whatsapp.ts";
import { formatWhatsAppNumber } from "./whatsapp-format.ts";
import { parseStoreWhatsAppNumber } from "./whatsapp-number.ts";

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
});
