// The /admin/outlet form's rules for page and server; the hours are `buka_0` … `libur_6`, Monday first.
import { z } from "zod";
import { isTime } from "../../lib/date-input.ts";
import { checkbox, checkedText, textField } from "../../lib/form-schema.ts";
import { formatWhatsAppNumber } from "../../lib/whatsapp-format.ts";
import { parseStoreWhatsAppNumber, WHATSAPP_NUMBER_MESSAGES } from "../../lib/whatsapp-number.ts";
import { DAY_NAMES, TIMEZONES } from "./opening-hours.ts";
import type { StoreSettingsValues } from "./settings.server.ts";

const OUTLET_MESSAGES = {
  brandRequired: "Nama toko wajib diisi.",
  brandTooLong: "Nama toko paling banyak 60 karakter.",
  addressRequired: "Alamat wajib diisi.",
  addressTooLong: "Alamat paling banyak 200 karakter.",
  whatsapp: WHATSAPP_NUMBER_MESSAGES.invalid,
  social: (name: string) => `Tautan ${name} harus alamat web lengkap yang diawali https://, atau kosongkan.`,
  timezone: "Pilih zona waktu: WIB, WITA, atau WIT.",
  time: (day: string) => `Jam buka dan tutup ${day} harus berformat JJ:MM, misalnya 10:00.`,
} as const;

function isWebAddress(value: string) {
  if (value === "") return true;
  if (value.length > 200) return false;
  try {
    const url = new URL(value);
    return (url.protocol === "https:" || url.protocol === "http:") && url.hostname.includes(".");
  } catch {
    return false;
  }
}

const socialUrl = (name: string) => checkedText(OUTLET_MESSAGES.social(name), isWebAddress);

const dayFields = Object.fromEntries(
  DAY_NAMES.flatMap((day, index) => [
    [`buka_${index}`, checkedText(OUTLET_MESSAGES.time(day), isTime)],
    [`tutup_${index}`, checkedText(OUTLET_MESSAGES.time(day), isTime)],
    [`libur_${index}`, checkbox],
  ]),
) as Record<string, z.ZodType<string | boolean>>;

export const OutletSchema = z.object({
  brand: textField(60, OUTLET_MESSAGES.brandTooLong, OUTLET_MESSAGES.brandRequired),
  address: textField(200, OUTLET_MESSAGES.addressTooLong, OUTLET_MESSAGES.addressRequired),
  // An Indonesian number typed without letters (whatsapp.ts), stored normalised: `6281234567890`.
  whatsapp: z.string({ error: OUTLET_MESSAGES.whatsapp }).transform((value, context) => {
    const parsed = parseStoreWhatsAppNumber(value);
    if (parsed.ok) return parsed.number;
    context.addIssue({ code: "custom", message: parsed.message });
    return z.NEVER;
  }),
  instagram_url: socialUrl("Instagram"),
  facebook_url: socialUrl("Facebook"),
  tiktok_url: socialUrl("TikTok"),
  timezone: z.enum(TIMEZONES.map((zone) => zone.id) as [string, ...string[]], {
    error: OUTLET_MESSAGES.timezone,
  }),
  ...dayFields,
});

export function outletFormValues(values: StoreSettingsValues): Record<string, string | boolean> {
  const hours = Object.fromEntries(
    values.opening_hours.flatMap((day, index) => [
      [`buka_${index}`, day.buka],
      [`tutup_${index}`, day.tutup],
      [`libur_${index}`, day.libur],
    ]),
  );
  return {
    brand: values.brand,
    address: values.address,
    whatsapp: formatWhatsAppNumber(values.whatsapp),
    instagram_url: values.instagram_url,
    facebook_url: values.facebook_url,
    tiktok_url: values.tiktok_url,
    timezone: values.timezone,
    ...hours,
  };
}
