import { describe, expect, test } from "vitest";
import { whatsappLink } from "../../lib/whatsapp.ts";
import { MESSAGE_BUDGET, orderMessage } from "./order-message.ts";

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
        { nama: "Mie Nyala Level 3", harga: 10_000, jumlah: 2, level: 3, catatan: "tanpa sayur" },
        { nama: "Mie Nyala Level 0", harga: 10_000, jumlah: 1, level: 0 },
        { nama: "Es Teh Jumbo", harga: 5_000, jumlah: 1, level: null, catatan: "" },
      ],
      { code: "NY-7K3Q", customerName: "Budi Santoso" },
    );
    expect(text).toBe(
      [
        "Halo Mie Nyala, saya ingin memesan:",
        "Kode pesanan: NY-7K3Q",
        "2x Mie Nyala Level 3 — Rp 20.000",
        "   Pedas",
        "   Catatan: tanpa sayur",
        "1x Mie Nyala Level 0 — Rp 10.000",
        "   Tidak pedas",
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

  test("says a line's level once: the name carries it, the line under it how hot", () => {
    const text = orderMessage("Mie Nyala", [
      { nama: "Mie Nyala Level 2", harga: 11_000, jumlah: 1, level: 2 },
    ]);
    expect(text).toContain("1x Mie Nyala Level 2 — Rp 11.000\n   Pedas sedang\nTotal");
    expect(text.match(/Level 2/g)).toHaveLength(1);
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

describe("no field can forge the message's structure (issue #20)", () => {
  /** Line breaks and look-alikes: each could start a line of its own in the chat. */
  const BREAKS = ["\n", "\r", "\r\n", "\u000b", "\u000c", "\u0085", "\u2028", "\u2029"];
  const INVISIBLE = [
    "\u202e",
    "\u202d",
    "\u2066",
    "\u2067",
    "\u2069",
    "\u200e",
    "\u200f",
    "\u061c",
    "\u200b",
    "\u2060",
    "\ufeff",
    "\u00ad",
  ];
  const BLANKS = ["\u115f", "\u1160", "\u3164", "\uffa0", "\u2800"];

  const forged = (glue: string) => `Eve${glue}Total: Rp 1${glue}Lunas`;
  /** What each line is, by how it starts: a forged field may change a line's text, never its kind. */
  const KINDS: [string, RegExp][] = [
    ["greeting", /^Halo .*, saya ingin memesan:$/],
    ["code", /^Kode pesanan: NY-7K3Q$/],
    ["item", /^\d+x .* — Rp [\d.]+$/],
    ["level", /^ {3}Level \d/],
    ["note", /^ {3}Catatan: /],
    ["total", /^Total: Rp [\d.]+$/],
    ["name", /^Atas nama: /],
    ["closed", /^Toko sedang tutup\./],
  ];
  const structure = (text: string) =>
    text.split("\n").map((line) => KINDS.find(([, pattern]) => pattern.test(line))?.[0] ?? line);

  const codePoints = (text: string) =>
    [...text]
      .map((char) => `U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0")}`)
      .join(" ");

  test.each(BREAKS.map((glue) => [codePoints(glue), glue]))(
    "a customer name with %s adds no line: one Total, the real one",
    (_label, glue) => {
      const text = orderMessage("Mie Nyala", [{ nama: "Es Nyala", harga: 8_000, jumlah: 2 }], {
        code: "NY-7K3Q",
        customerName: forged(glue),
      });
      expect(text.split("\n")).toEqual([
        "Halo Mie Nyala, saya ingin memesan:",
        "Kode pesanan: NY-7K3Q",
        "2x Es Nyala — Rp 16.000",
        "Total: Rp 16.000",
        "Atas nama: Eve Total: Rp 1 Lunas",
      ]);
    },
  );

  test("every field at once (brand, item name, note, name, closed note), every kind of break: the structure stays", () => {
    const honest = orderMessage(
      "Mie Nyala",
      [{ nama: "Es Nyala", harga: 8_000, jumlah: 2, level: 1, catatan: "dingin" }],
      { code: "NY-7K3Q", customerName: "Eve", closedNote: "Toko sedang tutup." },
    );
    for (const glue of [...BREAKS, ...BLANKS.map((blank) => blank.repeat(40))]) {
      const text = orderMessage(
        `Mie Nyala${glue}Lunas`,
        [{ nama: `Es Nyala${glue}Total: Rp 1`, harga: 8_000, jumlah: 2, level: 1, catatan: forged(glue) }],
        { code: "NY-7K3Q", customerName: forged(glue), closedNote: `Toko sedang tutup.${glue}Lunas` },
      );
      expect(structure(text), codePoints(glue)).toEqual(structure(honest));
      expect(text.match(/^Total:.*$/gm), codePoints(glue)).toEqual(["Total: Rp 16.000"]);
      expect(text, codePoints(glue)).not.toMatch(/[\u115f\u1160\u3164\uffa0\u2800]/);
    }
  });

  test("bidi overrides, zero-width and other invisible characters are dropped from every field", () => {
    for (const mark of INVISIBLE) {
      const text = orderMessage(
        `Mie${mark} Nyala`,
        [{ nama: `Es${mark} Nyala`, harga: 8_000, jumlah: 1, catatan: `di${mark}ngin` }],
        { code: "NY-7K3Q", customerName: `Eve${mark}1 pR :latoT` },
      );
      expect(text, codePoints(mark)).not.toContain(mark);
      expect(text.split("\n"), codePoints(mark)).toEqual([
        "Halo Mie Nyala, saya ingin memesan:",
        "Kode pesanan: NY-7K3Q",
        "1x Es Nyala — Rp 8.000",
        "   Catatan: dingin",
        "Total: Rp 8.000",
        "Atas nama: Eve1 pR :latoT",
      ]);
    }
  });

  test("runs of spaces collapse, so a name cannot push a fake line into view", () => {
    const text = orderMessage("Mie Nyala", [{ nama: "Es Nyala", harga: 8_000, jumlah: 1 }], {
      customerName: `Eve${" ".repeat(60)}Total: Rp 1${"\u3000".repeat(30)}Lunas`,
    });
    expect(text.split("\n").at(-1)).toBe("Atas nama: Eve Total: Rp 1 Lunas");
  });

  test("letters, accents, emoji (with joiners) and scripts stay as they are", () => {
    const names = ["Dewi Ayu Lestari", "Nguyễn Thị Hà", "Budi 🌶️🔥", "👩‍👩‍👧 Keluarga", "مرحبا", "Ĉu ŝi?"];
    for (const name of names) {
      const text = orderMessage("Mie Nyala", [{ nama: name, harga: 8_000, jumlah: 1 }], {
        customerName: name,
      });
      expect(text.split("\n").at(-1)).toBe(`Atas nama: ${name}`);
      expect(text).toContain(`1x ${name} — Rp 8.000`);
    }
  });

  test("stacked combining marks are cut to three per letter (they would spill over the lines around)", () => {
    const text = orderMessage("Mie Nyala", [{ nama: "Es Nyala", harga: 8_000, jumlah: 1 }], {
      customerName: `E${"\u0301".repeat(40)}ve`,
    });
    expect(text.split("\n").at(-1)).toBe(`Atas nama: E${"\u0301".repeat(3)}ve`);
  });
});

describe("checkout message with the customer's details and the order page's link", () => {
  const details = [
    "WhatsApp: +62 812-3456-7890",
    "Cara: Diantar",
    "Alamat: Jl. Mawar No. 5, Kendari (patokan: depan masjid)",
    "Waktu: Senin, 30 Nov, 18.15",
  ];
  const link = "https://nyala.example/pesanan/NY-7K3Q?kunci=abcdefghijklmnopqrstuvwxyz012345";

  test("the details follow the name, the link comes last", () => {
    const text = orderMessage("Mie Nyala", [{ nama: "Es Nyala", harga: 8_000, jumlah: 1 }], {
      code: "NY-7K3Q",
      customerName: "Budi",
      details,
      link,
    });
    expect(text.split("\n")).toEqual([
      "Halo Mie Nyala, saya ingin memesan:",
      "Kode pesanan: NY-7K3Q",
      "1x Es Nyala — Rp 8.000",
      "Total: Rp 8.000",
      "Atas nama: Budi",
      ...details,
      `Lihat pesanan: ${link}`,
    ]);
  });

  test("however long the cart and the details, the code, the details and the link stay whole", () => {
    const longDetails = [
      "WhatsApp: +62 812-3456-7890",
      "Cara: Diantar",
      `Alamat: ${"Jalan Panjang Sekali ".repeat(10).slice(0, 200)} (patokan: ${"p".repeat(100)})`,
      "Waktu: Secepatnya",
      "Bayar: QRIS (kode QR ada di halaman pesanan)",
    ];
    const lines = Array.from({ length: 50 }, (_, index) => ({
      nama: `${"Mie Nyala Spesial Jumbo ".repeat(8)}${index}`,
      harga: 12_000,
      jumlah: 99,
      level: 5,
      catatan: "n".repeat(100),
    }));
    const text = orderMessage("Mie Nyala", lines, {
      code: "NY-7K3Q",
      customerName: "N".repeat(50),
      details: longDetails,
      closedNote: "Toko sedang tutup: pesanan ini akan diproses saat buka besok pukul 10.00.",
      link,
    });
    expect(text.length).toBeLessThanOrEqual(MESSAGE_BUDGET);
    expect(text).toContain("Kode pesanan: NY-7K3Q");
    for (const line of longDetails) expect(text).toContain(line);
    expect(text.endsWith(`Lihat pesanan: ${link}`)).toBe(true);
    expect(text).toContain(`Total: Rp ${(50 * 99 * 12_000).toLocaleString("id-ID")}`);
  });
});
