/**
 * QRIS payloads: the shop's printed static code checked, and a dynamic code derived from it for
 * one order's exact amount (docs/decisions/0033-qris-payloads.md).
 */
import { formatRupiah } from "../format.ts";
import { crc16 } from "./crc16.ts";
import { buildTlv, parseTlv, type DataObject } from "./tlv.ts";

/** Bank Indonesia's ceiling for one QRIS payment since 1 March 2022 (decision 0033). */
export const QRIS_MAX_AMOUNT = 10_000_000;

/** EMV QRCPS: a payload "should not exceed 512" characters. */
const MAX_PAYLOAD_LENGTH = 512;

/** Tip or convenience fee (55), fixed fee (56), percentage fee (57): a surcharge, forbidden by BI. */
const SURCHARGE_TAGS = ["55", "56", "57"];

export const QRIS_MESSAGES = {
  start: "Kode QRIS harus diawali 000201. Salin ulang isi QRIS toko secara utuh.",
  tooLong: `Kode QRIS terlalu panjang (maksimal ${MAX_PAYLOAD_LENGTH} karakter).`,
  malformed: "Kode QRIS rusak atau terpotong. Salin ulang isi QRIS toko secara utuh.",
  crc: "Kode pemeriksa (CRC) QRIS tidak cocok: kodenya salah ketik, berubah, atau terpotong.",
  account: "Kode QRIS tidak memuat akun merchant (tag 26–51).",
  currency: "Mata uang QRIS harus rupiah (kode 360).",
  country: "Negara QRIS harus Indonesia (ID).",
  amount: "QRIS ini sudah berisi nominal. Gunakan QRIS statis toko, yang tanpa nominal.",
  surcharge:
    "QRIS ini meminta tip atau biaya tambahan (tag 55–57), padahal Bank Indonesia melarang biaya tambahan. Minta QRIS statis tanpa biaya ke penyedia QRIS.",
  merchantName: "Kode QRIS tidak memuat nama merchant (tag 59).",
  dynamic: "Ini QRIS dinamis untuk satu transaksi. Gunakan QRIS statis yang tercetak di toko.",
  wholeAmount: "Nominal QRIS harus bilangan bulat rupiah, minimal Rp 1.",
  control:
    "Nama atau kota merchant di QRIS memuat karakter tersembunyi. Minta QRIS statis baru ke penyedia QRIS.",
} as const;

export type QrisResult<T> = { ok: true; value: T } | { ok: false; message: string };

export interface Qris {
  /** The payload as given, without surrounding whitespace. */
  payload: string;
  objects: DataObject[];
  merchantName: string;
  merchantCity: string | null;
  /** Tag 54 as written (`15000`), null when the payer types the amount. */
  amount: string | null;
  /** Tag 01 is `12`: a code for one transaction. */
  dynamic: boolean;
}

const refused = (message: string) => ({ ok: false, message }) as const;

/** A merchant account template: a tag 26–51 holding data objects with a globally unique ID (00). */
function isMerchantAccount({ id, value }: DataObject): boolean {
  if (Number(id) < 26 || Number(id) > 51) return false;
  return parseTlv(value)?.some((inner) => inner.id === "00" && inner.value.trim() !== "") ?? false;
}

/** Any merchant-presented QRIS, static or dynamic: structure, checksum and the fields every one needs. */
export function parseQris(input: string): QrisResult<Qris> {
  const payload = input.trim();
  if (!payload.startsWith("000201")) return refused(QRIS_MESSAGES.start);
  if (payload.length > MAX_PAYLOAD_LENGTH) return refused(QRIS_MESSAGES.tooLong);
  const objects = parseTlv(payload);
  const crc = objects?.at(-1);
  const ids = new Set(objects?.map((object) => object.id));
  if (!objects || crc?.id !== "63" || !/^[0-9A-F]{4}$/i.test(crc.value) || ids.size !== objects.length) {
    return refused(QRIS_MESSAGES.malformed);
  }
  if (crc16(payload.slice(0, -4)) !== crc.value.toUpperCase()) return refused(QRIS_MESSAGES.crc);

  const tag = (id: string) => objects.find((object) => object.id === id)?.value;
  const initiation = tag("01");
  if (initiation !== undefined && initiation !== "11" && initiation !== "12") {
    return refused(QRIS_MESSAGES.malformed);
  }
  if (!objects.some(isMerchantAccount)) return refused(QRIS_MESSAGES.account);
  if (tag("53") !== "360") return refused(QRIS_MESSAGES.currency);
  if (tag("58") !== "ID") return refused(QRIS_MESSAGES.country);
  const merchantName = tag("59")?.trim();
  if (!merchantName) return refused(QRIS_MESSAGES.merchantName);
  return {
    ok: true,
    value: {
      payload,
      objects,
      merchantName,
      merchantCity: tag("60")?.trim() || null,
      amount: tag("54") ?? null,
      dynamic: initiation === "12",
    },
  };
}

/** Control or format characters: shown raw they garble a page, a ticket or a payer's banking app. */
const HIDDEN = /[\p{Cc}\p{Cf}]/u;

/**
 * The shop's printed code, as the owner pastes it: static, no amount, no surcharge, a merchant
 * name and city without hidden characters. Checked once, when saved; the parts are stored.
 */
export function validateStaticQris(input: string): QrisResult<Qris> {
  const parsed = parseQris(input);
  if (!parsed.ok) return parsed;
  const { amount, objects, dynamic, merchantName, merchantCity } = parsed.value;
  if (amount !== null) return refused(QRIS_MESSAGES.amount);
  if (objects.some((object) => SURCHARGE_TAGS.includes(object.id))) return refused(QRIS_MESSAGES.surcharge);
  if (dynamic) return refused(QRIS_MESSAGES.dynamic);
  if (HIDDEN.test(merchantName) || HIDDEN.test(merchantCity ?? "")) return refused(QRIS_MESSAGES.control);
  return parsed;
}

/** Why QRIS cannot carry `amount` (whole rupiah), or null when it can. */
export function qrisAmountProblem(amount: number): string | null {
  if (!Number.isSafeInteger(amount) || amount < 1) return QRIS_MESSAGES.wholeAmount;
  if (amount > QRIS_MAX_AMOUNT) {
    return `Total ${formatRupiah(amount)} melebihi batas QRIS ${formatRupiah(QRIS_MAX_AMOUNT)} per transaksi. Pilih cara bayar lain.`;
  }
  return null;
}

/**
 * The code for one payment of `amount` from the shop's checked static code (validateStaticQris):
 * tag 01 = 12, tag 54 = the amount in whole rupiah, data objects in ascending ID order and the CRC
 * (63) recomputed, last.
 */
export function dynamicQris(shop: Pick<Qris, "objects">, amount: number): QrisResult<string> {
  const problem = qrisAmountProblem(amount);
  if (problem) return refused(problem);
  const objects = [
    ...shop.objects.filter((object) => object.id !== "01" && object.id !== "63"),
    { id: "01", value: "12" },
    { id: "54", value: String(amount) },
  ].sort((a, b) => Number(a.id) - Number(b.id));
  const body = `${buildTlv(objects)}6304`;
  return { ok: true, value: body + crc16(body) };
}
