// The payment methods a shop offers (0040): names, the settings form's schema, what checkout may offer.
import { z } from "zod";
import { textField } from "../../lib/form-schema.ts";
import { PAYMENT_METHODS, type PaymentMethod } from "./payment-labels.ts";

export const PAYMENT_SETTINGS_MESSAGES = {
  none: "Nyalakan paling sedikit satu metode pembayaran.",
  main: "Metode utama harus salah satu metode yang dinyalakan.",
  qrisMissing: "Tempel kode QRIS toko atau unggah gambarnya untuk menyalakan QRIS.",
  bankName: "Isi nama bank (paling banyak 40 karakter).",
  bankAccount: "Nomor rekening 5 sampai 20 angka.",
  bankHolder: "Isi nama pemilik rekening (paling banyak 60 karakter).",
  saved: "Metode pembayaran disimpan.",
  qrisKeptOff:
    "Metode pembayaran disimpan. Kode QRIS tersimpan, tetapi pelanggan belum melihat QRIS: centang QRIS untuk menawarkannya.",
} as const;

export interface PaymentSettings {
  /** Turned on, the main one (checkout's default) first. */
  methods: PaymentMethod[];
  qris: { payload: string; merchantName: string; objects: { id: string; value: string }[] } | null;
  bank: { name: string; account: string; holder: string } | null;
}

export const CASH_ONLY: PaymentSettings = { methods: ["tunai"], qris: null, bank: null };

const method = z.enum(PAYMENT_METHODS);
const on = z.preprocess((value) => value === "on", z.boolean());

// The QRIS payload (or its picture) is checked on the server (payment-settings.server.ts).
export const PaymentSettingsSchema = z
  .object({
    tunai: on,
    qris: on,
    transfer: on,
    utama: method,
    qris_kode: z.preprocess((value) => (typeof value === "string" ? value.trim() : ""), z.string().max(2000)),
    bank_nama: textField(40, PAYMENT_SETTINGS_MESSAGES.bankName),
    bank_rekening: z.preprocess(
      (value) => (typeof value === "string" ? value.replace(/[\s-]/g, "") : ""),
      z.string(),
    ),
    bank_pemilik: textField(60, PAYMENT_SETTINGS_MESSAGES.bankHolder),
  })
  .superRefine((value, context) => {
    const fail = (path: string, message: string) =>
      context.addIssue({ code: "custom", path: [path], message });
    if (!value.tunai && !value.qris && !value.transfer) fail("tunai", PAYMENT_SETTINGS_MESSAGES.none);
    else if (!value[value.utama]) fail("utama", PAYMENT_SETTINGS_MESSAGES.main);
    if (!value.transfer) return;
    if (!value.bank_nama) fail("bank_nama", PAYMENT_SETTINGS_MESSAGES.bankName);
    if (!/^\d{5,20}$/.test(value.bank_rekening)) fail("bank_rekening", PAYMENT_SETTINGS_MESSAGES.bankAccount);
    if (!value.bank_pemilik) fail("bank_pemilik", PAYMENT_SETTINGS_MESSAGES.bankHolder);
  });

export type PaymentSettingsValues = z.output<typeof PaymentSettingsSchema>;

export const orderedMethods = (values: PaymentSettingsValues): PaymentMethod[] =>
  [values.utama, ...PAYMENT_METHODS.filter((entry) => entry !== values.utama)].filter(
    (entry) => values[entry],
  );
