// QRIS payloads: the shop's static code checked, a dynamic one derived for one order's amount (0033).
import { formatRupiah } from "../format.ts";
import { crc16 } from "./crc16.ts";
import { buildTlv, parseTlv, type DataObject } from "./tlv.ts";

export const QRIS_MAX_AMOUNT = 10_000_000;

const MAX_PAYLOAD_LENGTH = 512;

// A surcharge, forbidden by Bank Indonesia: tip or convenience fee, fixed fee, percentage fee.
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
  payload: string;
  objects: DataObject[];
  merchantName: string;
  merchantCity: string | null;
  amount: string | null;
  dynamic: boolean;
}

const refused = (message: string) => ({ ok: false, message }) as const;

function isMerchantAccount({ id, value }: DataObject): boolean {
  if (Number(id) < 26 || Number(id) > 51) return false;
  return parseTlv(value)?.some((inner) => inner.id === "00" && inner.value.trim() !== "") ?? false;
}

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

export function qrisAmountProblem(amount: number): string | null {
  if (!Number.isSafeInteger(amount) || amount < 1) return QRIS_MESSAGES.wholeAmount;
  if (amount > QRIS_MAX_AMOUNT) {
    return `Total ${formatRupiah(amount)} melebihi batas QRIS ${formatRupiah(QRIS_MAX_AMOUNT)} per transaksi. Pilih cara bayar lain.`;
  }
  return null;
}

// Tag 01 = 12, tag 54 = the amount, data objects in ascending ID order and the CRC (63) recomputed, last.
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
