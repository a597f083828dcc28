// The checkout's details: one `zod/mini` schema for the form in the browser and for POST /pesanan (0022).
import * as z from "zod/mini";
import { singleLine } from "../../lib/single-line.ts";
import { parseStoreWhatsAppNumber } from "../../lib/whatsapp-number.ts";
import { FULFILMENTS, type Fulfilment } from "../orders/order-status.ts";

import { ASAP, DETAIL_LIMITS } from "../orders/order-fields.ts";

export const CHECKOUT_DETAIL_MESSAGES = {
  namaRequired: "Isi nama pemesan.",
  namaLength: `Nama pemesan 2 sampai ${DETAIL_LIMITS.nama} karakter.`,
  whatsappRequired: "Isi nomor WhatsApp-mu agar kami bisa mengabarimu.",
  cara: "Pilih cara: ambil sendiri, diantar, atau makan di tempat.",
  alamatRequired: "Isi alamat pengantaran.",
  alamatLength: `Alamat paling banyak ${DETAIL_LIMITS.alamat} karakter.`,
  patokanRequired: "Isi patokan agar kurir mudah menemukan alamatmu, misalnya: depan masjid.",
  patokanLength: `Patokan paling banyak ${DETAIL_LIMITS.patokan} karakter.`,
  mejaLength: `Nomor meja paling banyak ${DETAIL_LIMITS.meja} karakter.`,
  waktu: "Pilih waktu: secepatnya, atau salah satu jam yang tersedia.",
  waktuGone: "Jam yang kamu pilih sudah lewat atau di luar jam buka. Pilih jam lain.",
} as const;

export const DETAIL_FIELDS = ["nama", "whatsapp", "cara", "alamat", "patokan", "meja", "waktu"] as const;
type DetailField = (typeof DETAIL_FIELDS)[number];

export interface CheckoutDetails {
  nama: string;
  whatsapp: string;
  cara: Fulfilment;
  alamat: string;
  patokan: string;
  meja: string;
  waktu: string;
}

export type SavedDetails = Omit<CheckoutDetails, "waktu">;

const length = (value: string) => Array.from(value).length;

const text = z.pipe(
  z.optional(z.unknown()),
  z.transform((value) => (typeof value === "string" ? singleLine(value) : "")),
);

const SLOT_VALUE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;

// A well-formed time not among `slots` (those offered now) has passed, or never was a slot.
export function checkoutDetailsSchema(slots: readonly string[]) {
  return z
    .object({
      nama: text,
      whatsapp: text,
      cara: text,
      alamat: text,
      patokan: text,
      meja: text,
      waktu: text,
    })
    .check(
      z.superRefine((value, context) => {
        const fail = (path: DetailField, message: string) =>
          context.addIssue({ code: "custom", path: [path], message, input: value[path] });
        if (!value.nama) fail("nama", CHECKOUT_DETAIL_MESSAGES.namaRequired);
        else if (length(value.nama) < 2 || length(value.nama) > DETAIL_LIMITS.nama)
          fail("nama", CHECKOUT_DETAIL_MESSAGES.namaLength);
        if (!value.whatsapp) fail("whatsapp", CHECKOUT_DETAIL_MESSAGES.whatsappRequired);
        else {
          const number = parseStoreWhatsAppNumber(value.whatsapp);
          if (!number.ok) fail("whatsapp", number.message);
        }
        if (!(FULFILMENTS as readonly string[]).includes(value.cara))
          fail("cara", CHECKOUT_DETAIL_MESSAGES.cara);
        if (value.cara === "antar") {
          if (!value.alamat) fail("alamat", CHECKOUT_DETAIL_MESSAGES.alamatRequired);
          else if (length(value.alamat) > DETAIL_LIMITS.alamat)
            fail("alamat", CHECKOUT_DETAIL_MESSAGES.alamatLength);
          if (!value.patokan) fail("patokan", CHECKOUT_DETAIL_MESSAGES.patokanRequired);
          else if (length(value.patokan) > DETAIL_LIMITS.patokan)
            fail("patokan", CHECKOUT_DETAIL_MESSAGES.patokanLength);
        }
        if (value.cara === "makan" && length(value.meja) > DETAIL_LIMITS.meja)
          fail("meja", CHECKOUT_DETAIL_MESSAGES.mejaLength);
        if (value.waktu !== ASAP && !slots.includes(value.waktu)) {
          fail(
            "waktu",
            SLOT_VALUE.test(value.waktu)
              ? CHECKOUT_DETAIL_MESSAGES.waktuGone
              : CHECKOUT_DETAIL_MESSAGES.waktu,
          );
        }
      }),
    )
    .check(
      z.overwrite((value) => {
        const number = parseStoreWhatsAppNumber(value.whatsapp);
        return {
          ...value,
          whatsapp: number.ok ? number.number : value.whatsapp,
          // What does not belong to the chosen way is not kept.
          alamat: value.cara === "antar" ? value.alamat : "",
          patokan: value.cara === "antar" ? value.patokan : "",
          meja: value.cara === "makan" ? value.meja : "",
        };
      }),
    );
}

export type DetailErrors = Partial<Record<DetailField, string>>;

type DetailsResult =
  { ok: true; details: CheckoutDetails } | { ok: false; errors: DetailErrors; message: string };

export function parseCheckoutDetails(
  input: Record<string, unknown>,
  slots: readonly string[],
): DetailsResult {
  const parsed = checkoutDetailsSchema(slots).safeParse(input);
  if (parsed.success) return { ok: true, details: parsed.data as CheckoutDetails };
  const errors: DetailErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as DetailField;
    errors[field] ??= issue.message;
  }
  const first = DETAIL_FIELDS.map((field) => errors[field]).find(Boolean);
  return { ok: false, errors, message: first ?? CHECKOUT_DETAIL_MESSAGES.namaRequired };
}

export function readSavedDetails(value: unknown): SavedDetails | null {
  if (typeof value !== "object" || value === null) return null;
  const result = parseCheckoutDetails({ ...(value as Record<string, unknown>), waktu: ASAP }, []);
  if (!result.ok) return null;
  const { waktu: _waktu, ...saved } = result.details;
  return saved;
}
