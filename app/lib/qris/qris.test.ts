import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { crc16 } from "./crc16.ts";
import { PUBLISHED_PAYLOADS } from "./fixtures/published-payloads.ts";
import {
  QRIS_MAX_AMOUNT,
  QRIS_MESSAGES,
  dynamicQris,
  parseQris,
  qrisAmountProblem,
  validateStaticQris,
} from "./qris.ts";
import { buildTlv, parseTlv } from "./tlv.ts";

const BAZNAS = PUBLISHED_PAYLOADS["QRIS BAZNAS"];

/** `payload` with data objects replaced (null: removed) or added, and a correct CRC again. */
function edited(payload: string, changes: Record<string, string | null>): string {
  const objects = parseTlv(payload)!.filter((object) => object.id !== "63" && !(object.id in changes));
  for (const [id, value] of Object.entries(changes)) if (value !== null) objects.push({ id, value });
  objects.sort((a, b) => Number(a.id) - Number(b.id));
  const body = `${buildTlv(objects)}6304`;
  return body + crc16(body);
}

const tagsOf = (payload: string) => parseTlv(payload)!.map((object) => object.id);
const tag = (payload: string, id: string) => parseTlv(payload)!.find((object) => object.id === id)?.value;

describe("validateStaticQris", () => {
  test("accepts a shop's printed QRIS and reads its merchant name and city", () => {
    const result = validateStaticQris(`  ${BAZNAS}\n`);
    expect(result).toMatchObject({
      ok: true,
      value: { payload: BAZNAS, merchantName: "Baznas", merchantCity: "Jakarta Pusat", dynamic: false },
    });
  });

  test("accepts a CRC written in lowercase hex", () => {
    expect(validateStaticQris(BAZNAS.slice(0, -4) + "a402").ok).toBe(true);
  });

  test.each([
    ["not starting 000201", "hello", QRIS_MESSAGES.start],
    ["a format indicator other than 01", `000202${BAZNAS.slice(6)}`, QRIS_MESSAGES.start],
    [
      "longer than 512 characters",
      edited(BAZNAS, {
        "62": "x".repeat(99),
        "80": "y".repeat(99),
        "81": "z".repeat(99),
        "82": "w".repeat(99),
      }),
      QRIS_MESSAGES.tooLong,
    ],
    ["cut short", BAZNAS.slice(0, -3), QRIS_MESSAGES.malformed],
    ["cut in the middle", BAZNAS.slice(0, 60) + BAZNAS.slice(64), QRIS_MESSAGES.malformed],
    ["without a CRC", BAZNAS.slice(0, -8), QRIS_MESSAGES.malformed],
    ["with the CRC before another tag", `${BAZNAS}6502ID`, QRIS_MESSAGES.malformed],
    ["with a tag twice", edited(BAZNAS, {}).replace("5802ID", "5802ID5802ID"), QRIS_MESSAGES.malformed],
    ["with an unknown point of initiation", edited(BAZNAS, { "01": "13" }), QRIS_MESSAGES.malformed],
    ["with a wrong CRC", BAZNAS.replace("5906Baznas", "5906Baznaz"), QRIS_MESSAGES.crc],
    [
      "without a merchant account in 26–51",
      edited(BAZNAS, { "26": null, "51": null }),
      QRIS_MESSAGES.account,
    ],
    [
      "with an account template that has no GUID",
      edited(BAZNAS, { "26": null, "51": "0215ID2019002291555" }),
      QRIS_MESSAGES.account,
    ],
    [
      "in Singapore dollars (the published SGQR)",
      PUBLISHED_PAYLOADS["SGQR SOBA EXPRESS"],
      QRIS_MESSAGES.currency,
    ],
    ["without a currency", edited(BAZNAS, { "53": null }), QRIS_MESSAGES.currency],
    ["for a country other than ID", edited(BAZNAS, { "58": "SG" }), QRIS_MESSAGES.country],
    ["with an amount (the published Saweria QRIS)", PUBLISHED_PAYLOADS["QRIS Saweria"], QRIS_MESSAGES.amount],
    ["with an amount in a static code", edited(BAZNAS, { "54": "15000" }), QRIS_MESSAGES.amount],
    ["asking the payer for a tip (55 = 01)", edited(BAZNAS, { "55": "01" }), QRIS_MESSAGES.surcharge],
    ["with a fixed fee (55 = 02, 56)", edited(BAZNAS, { "55": "02", "56": "1000" }), QRIS_MESSAGES.surcharge],
    [
      "with a percentage fee (55 = 03, 57)",
      edited(BAZNAS, { "55": "03", "57": "0.7" }),
      QRIS_MESSAGES.surcharge,
    ],
    ["without a merchant name", edited(BAZNAS, { "59": null }), QRIS_MESSAGES.merchantName],
    ["with a blank merchant name", edited(BAZNAS, { "59": "   " }), QRIS_MESSAGES.merchantName],
    ["dynamic without an amount", edited(BAZNAS, { "01": "12" }), QRIS_MESSAGES.dynamic],
    [
      "with a line break in the merchant name",
      edited(BAZNAS, { "59": "Baznas\nTOTAL 0" }),
      QRIS_MESSAGES.control,
    ],
    [
      "with a right-to-left mark in the city",
      edited(BAZNAS, { "60": "Jakarta\u202ePusat" }),
      QRIS_MESSAGES.control,
    ],
  ])("refuses a payload %s, with its message", (_, payload, message) => {
    expect(validateStaticQris(payload)).toEqual({ ok: false, message });
  });
});

describe("qrisAmountProblem", () => {
  test.each([1, 67_500, QRIS_MAX_AMOUNT])("Rp %d can be paid by QRIS", (amount) => {
    expect(qrisAmountProblem(amount)).toBeNull();
  });

  test.each([0, -5_000, 1.5, Number.NaN, Number.POSITIVE_INFINITY])("%d is not a QRIS amount", (amount) => {
    expect(qrisAmountProblem(amount)).toBe(QRIS_MESSAGES.wholeAmount);
  });

  test("above Bank Indonesia's ceiling, the message names both amounts and the way out", () => {
    expect(qrisAmountProblem(QRIS_MAX_AMOUNT + 1)).toBe(
      "Total Rp 10.000.001 melebihi batas QRIS Rp 10.000.000 per transaksi. Pilih cara bayar lain.",
    );
  });
});

/** The shop's code as it is stored: checked once, when saved. */
function shop(payload: string) {
  const checked = validateStaticQris(payload);
  if (!checked.ok) throw new Error(checked.message);
  return checked.value;
}

describe("dynamicQris", () => {
  test("one payment of Rp 15.000 from the BAZNAS code (CRC by Python's binascii.crc_hqx)", () => {
    expect(dynamicQris(shop(BAZNAS), 15_000)).toEqual({
      ok: true,
      value:
        "00020101021226550016ID.CO.SHOPEE.WWW01189360091800000000180202180303UBE51440014ID.CO.QRIS.WWW0215ID20190022915550303UBE5204839853033605405150005802ID5906Baznas6013Jakarta Pusat61051034062070703A016304F0C0",
    });
  });

  test("refuses an amount QRIS cannot carry", () => {
    expect(dynamicQris(shop(BAZNAS), 0)).toEqual({ ok: false, message: QRIS_MESSAGES.wholeAmount });
    expect(dynamicQris(shop(BAZNAS), QRIS_MAX_AMOUNT + 1)).toMatchObject({ ok: false });
  });

  const staticQris = fc
    .record({
      account: fc.integer({ min: 26, max: 50 }),
      guid: fc.constantFrom("ID.CO.SHOPEE.WWW", "COM.GO-JEK.WWW", "ID.DANA.WWW", "ID.CO.BANKMANDIRI.WWW"),
      merchant: fc.stringMatching(/^\d{10,18}$/),
      nmid: fc.stringMatching(/^ID\d{13}$/),
      mcc: fc.stringMatching(/^\d{4}$/),
      name: fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9 .,&'-]{0,24}$/),
      city: fc.stringMatching(/^[A-Za-z][A-Za-z .()]{0,14}$/),
      postal: fc.option(fc.stringMatching(/^\d{5}$/), { nil: null }),
      label: fc.option(fc.stringMatching(/^[A-Z0-9]{1,8}$/), { nil: null }),
    })
    .map((shop) => {
      const objects = [
        { id: "00", value: "01" },
        { id: "01", value: "11" },
        {
          id: String(shop.account),
          value: buildTlv([
            { id: "00", value: shop.guid },
            { id: "01", value: shop.merchant },
          ]),
        },
        {
          id: "51",
          value: buildTlv([
            { id: "00", value: "ID.CO.QRIS.WWW" },
            { id: "02", value: shop.nmid },
          ]),
        },
        { id: "52", value: shop.mcc },
        { id: "53", value: "360" },
        { id: "58", value: "ID" },
        { id: "59", value: shop.name },
        { id: "60", value: shop.city },
        ...(shop.postal ? [{ id: "61", value: shop.postal }] : []),
        ...(shop.label ? [{ id: "62", value: buildTlv([{ id: "07", value: shop.label }]) }] : []),
      ];
      const body = `${buildTlv(objects)}6304`;
      return body + crc16(body);
    });

  test("every derived payload parses back as a dynamic QRIS for exactly the amount", () => {
    fc.assert(
      fc.property(
        fc.oneof(staticQris, fc.constant(BAZNAS)),
        fc.integer({ min: 1, max: QRIS_MAX_AMOUNT }),
        (payload, amount) => {
          const checked = validateStaticQris(payload);
          if (!checked.ok) throw new Error(checked.message);
          const derived = dynamicQris(checked.value, amount);
          if (!derived.ok) throw new Error("refused");

          const parsed = parseQris(derived.value);
          expect(parsed).toMatchObject({
            ok: true,
            value: { amount: String(amount), dynamic: true, merchantName: checked.value.merchantName },
          });
          expect(tag(derived.value, "54")).toBe(String(amount));
          const ids = tagsOf(derived.value);
          expect(ids.at(-1)).toBe("63");
          expect(ids.slice(0, -1)).toEqual([...ids.slice(0, -1)].sort());
          expect(ids).not.toContain("55");
          expect(ids).not.toContain("56");
          expect(ids).not.toContain("57");
          expect(validateStaticQris(derived.value)).toEqual({ ok: false, message: QRIS_MESSAGES.amount });
        },
      ),
    );
  });
});
