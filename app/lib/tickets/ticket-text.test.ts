import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { ticketText, wrapText } from "./ticket-text.ts";

describe("ticketText", () => {
  test.each([
    ["Andréa “Dea” Putri 😊", 'Andrea "Dea" Putri'],
    ["Crème brûlée à la française", "Creme brulee a la francaise"],
    ["Jalapeño — extra 🔥🔥", "Jalapeno - extra"],
    ["pisah ya 🔥🔥, sambal 🌶️!", "pisah ya, sambal!"],
    ["Nguyễn Thị Hà, Đặng", "Nguyen Thi Ha, Dang"],
    ["Straße, Smørrebrød, Łódź, Æble", "Strasse, Smorrebrod, Lodz, AEble"],
    ["gulanya ½ saja…", "gulanya 1/2 saja..."],
    ["ﬁsh ＭＩＥ №5 ™", "fish MIE No5 TM"],
    ["Level 3 · Pedas", "Level 3 - Pedas"],
    ["it’s 2×2 ‘ok’", "it's 2x2 'ok'"],
    ["👩‍👩‍👧 Keluarga 🌶️", "Keluarga"],
    ["こんにちは", ""],
    ["Tanpa\nsayur\r\n\tya", "Tanpa sayur ya"],
  ])("%j → %j", (input, expected) => {
    expect(ticketText(input)).toBe(expected);
  });

  test("Indonesian text stays as it is", () => {
    const text = "Mie Nyala Level 3 (Pedas), tanpa sayur & telur 100% - Rp 10.000";
    expect(ticketText(text)).toBe(text);
  });

  test("printer commands in a note lose their control bytes", () => {
    expect(ticketText("a\u001b@b\u001dV\u0000c\u001bp\u0000\u0019")).toBe("a @b V c p");
  });

  test("whatever goes in, out comes one line of printable ASCII", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 200 }), (value) => {
        const text = ticketText(value);
        expect(text).toMatch(/^[\x20-\x7e]*$/);
        expect(text).toBe(text.trim());
        expect(text).not.toContain("  ");
      }),
    );
  });
});

describe("wrapText", () => {
  test("breaks at spaces within the width", () => {
    expect(wrapText("Es Teh Manis Jumbo dengan Jeruk Nipis", 16)).toEqual([
      "Es Teh Manis",
      "Jumbo dengan",
      "Jeruk Nipis",
    ]);
  });

  test("later lines may be narrower (a hanging indent)", () => {
    expect(wrapText("Catatan: jangan pakai daun bawang ya", 20, 11)).toEqual([
      "Catatan: jangan",
      "pakai daun",
      "bawang ya",
    ]);
  });

  test("cuts a word longer than the line", () => {
    expect(wrapText("Supercalifragilistik ok", 8)).toEqual(["Supercal", "ifragili", "stik ok"]);
  });

  test("no line is wider than asked, and no word is lost", () => {
    const words = fc.array(fc.stringMatching(/^[a-z]{1,6}$/), { minLength: 1, maxLength: 30 });
    fc.assert(
      fc.property(
        words,
        fc.integer({ min: 12, max: 48 }),
        fc.integer({ min: 0, max: 6 }),
        (list, width, hang) => {
          const lines = wrapText(list.join(" "), width, width - hang);
          lines.forEach((line, index) =>
            expect(line.length).toBeLessThanOrEqual(index ? width - hang : width),
          );
          expect(lines.join(" ")).toBe(list.join(" "));
        },
      ),
    );
  });
});
