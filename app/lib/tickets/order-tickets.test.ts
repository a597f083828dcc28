import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, test } from "vitest";
import { escPosTicket } from "./escpos.ts";
import { readEscPos } from "./fixtures/escpos-reader.ts";
import { FIXTURE_ORDER } from "./fixtures/order.ts";
import { customerReceipt, kitchenTicket } from "./order-tickets.ts";
import {
  PAPER_COLUMNS,
  charactersPerLine,
  layoutTicket,
  type Paper,
  type PrintedLine,
  type TicketBlock,
} from "./ticket-layout.ts";

const TICKETS = { kitchen: kitchenTicket, receipt: customerReceipt };
const CASES = (["kitchen", "receipt"] as const).flatMap((ticket) =>
  ([58, 80] as const).map((paper) => [ticket, paper] as const),
);

/** The print view's text: one line per printed line, a cut as a line of scissors. */
const viewText = (blocks: TicketBlock[], paper: Paper) =>
  layoutTicket(blocks, paper)
    .map((line) => (line.kind === "cut" ? "✂".repeat(PAPER_COLUMNS[paper]) : line.text))
    .join("\n") + "\n";

const FIXTURES = new URL("./fixtures/", import.meta.url);

/**
 * Compared with the committed file, which must be there; `UPDATE_GOLDEN=1` writes it instead (then
 * review the diff). Null when it matches, else what is wrong.
 */
function goldenProblem(
  name: string,
  content: Uint8Array | string,
  { dir = FIXTURES, update = process.env.UPDATE_GOLDEN === "1" } = {},
): string | null {
  const url = new URL(name, dir);
  const bytes = Buffer.from(content);
  if (update) writeFileSync(url, bytes);
  if (!existsSync(url)) return `${name} is missing: write it with UPDATE_GOLDEN=1, review it and commit it`;
  return bytes.equals(readFileSync(url)) ? null : `${name} differs from the committed golden file`;
}

describe.each(CASES)("the %s ticket on %d mm paper", (ticket, paper) => {
  const blocks = TICKETS[ticket](FIXTURE_ORDER);
  const bytes = escPosTicket(blocks, paper);
  const { rows, commands } = readEscPos(bytes);

  test("matches the golden bytes and print view", () => {
    expect(goldenProblem(`${ticket}-${paper}.bin`, bytes)).toBeNull();
    expect(goldenProblem(`${ticket}-${paper}.txt`, viewText(blocks, paper))).toBeNull();
  });

  test("starts with ESC @ and ends with the cut", () => {
    expect(Buffer.from(bytes.subarray(0, 2)).toString("hex")).toBe("1b40");
    expect(Buffer.from(bytes.subarray(-4)).toString("hex")).toBe("1d56000a");
    expect(commands.at(-1)).toBe("1d5600");
  });

  test(`no printed line is wider than ${PAPER_COLUMNS[paper]} characters`, () => {
    for (const row of rows) {
      expect(row.text.length * row.widthFactor, JSON.stringify(row.text)).toBeLessThanOrEqual(
        PAPER_COLUMNS[paper],
      );
    }
    for (const line of layoutTicket(blocks, paper)) {
      if (line.kind === "line")
        expect(line.text.length).toBeLessThanOrEqual(charactersPerLine(paper, line.size));
    }
  });
});

test("a golden file that is missing fails the test rather than being written", () => {
  const dir = pathToFileURL(`${mkdtempSync(path.join(os.tmpdir(), "nyala-golden-"))}/`);
  try {
    const ticket = escPosTicket(kitchenTicket(FIXTURE_ORDER), 58);
    expect(goldenProblem("kitchen-58.bin", ticket, { dir, update: false })).toMatch(/is missing/);
    expect(existsSync(new URL("kitchen-58.bin", dir))).toBe(false);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

describe("the kitchen ticket", () => {
  const text = viewText(kitchenTicket(FIXTURE_ORDER), 58);

  test("says what to cook, for whom, how and when, and no price", () => {
    expect(text).toContain("NY-7K3Q");
    expect(text).toContain("Cara: Makan di tempat");
    expect(text).toContain("Waktu: Secepatnya");
    expect(text).toContain("Meja: 4");
    expect(text).toContain('Nama: Andrea "Dea" Putri');
    expect(text).toContain("2x Mie Nyala Level 3\n   Pedas\n");
    expect(text).toContain("Jumlah: 6 item");
    expect(text).not.toMatch(/Rp|\d\.\d{3}/);
  });

  test("wraps a long name under itself and a long note under the note", () => {
    expect(text).toContain("3x Es Teh Manis Jumbo dengan\n   Jeruk Nipis Segar & Selasih\n");
    expect(text).toContain(
      "   Catatan: Jangan pakai daun\n            bawang - kuahnya\n            dipisah ya, sambal\n            ekstra di mangkuk\n            kecil\n",
    );
  });

  test.each([58, 80] as const)("a reprint says so first, in a banner (%d mm)", (paper) => {
    const lines = layoutTicket(kitchenTicket(FIXTURE_ORDER, { reprint: true }), paper);
    const banner = lines.slice(
      0,
      lines.findIndex((line) => line.kind === "line" && !line.invert),
    );
    expect(banner[0]).toMatchObject({ kind: "line", invert: true, size: "large" });
    expect(banner.map((line) => (line as PrintedLine).text.trim()).join(" ")).toBe("CETAK ULANG (REPRINT)");
    expect(text).not.toContain("CETAK ULANG");
  });

  test("a delivery says where it goes", () => {
    const delivery = {
      ...FIXTURE_ORDER,
      fulfilment: "Diantar",
      table: null,
      address: "Jl. Mawar 5 (patokan: masjid)",
    };
    expect(viewText(kitchenTicket(delivery), 58)).toContain(
      "Cara: Diantar\nAlamat: Jl. Mawar 5 (patokan:\n        masjid)\nWaktu:",
    );
  });
});

describe("the customer receipt", () => {
  const text = viewText(customerReceipt(FIXTURE_ORDER), 80);

  test("has the shop, the prices, the promo and the total", () => {
    expect(text).toContain("Mie Nyala");
    expect(text).toContain("Jl. Kaliurang Km 5 No. 12, Sleman, Yogyakarta");
    expect(text).toMatch(/^2x Mie Nyala Level 3 +Rp 36\.000$/m);
    expect(text).toMatch(/^Subtotal +Rp 75\.000$/m);
    expect(text).toMatch(/^Promo Jumat Pedas - diskon 10% untuk +-Rp 7\.500\n {2}semua mie$/m);
    expect(text).toMatch(/^TOTAL +Rp 67\.500$/m);
  });

  test("accents and emoji come out as plain letters, never as garbage bytes", () => {
    expect(text).toContain("Sedikit es, gulanya 1/2 saja");
    expect(Buffer.from(escPosTicket(customerReceipt(FIXTURE_ORDER), 80)).some((byte) => byte > 0x7e)).toBe(
      false,
    );
  });
});
