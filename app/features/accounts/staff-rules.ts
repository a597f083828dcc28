// Staff and paired devices (0058): the roles each form may give, its fields' rules and its messages.
import * as z from "zod/mini";
import { NAME_MAX, NAME_MIN, normalizeName } from "./auth-rules.ts";

/** A new person is never made an owner from the form; an owner is promoted by another owner. */
export const NEW_STAFF_ROLES = ["admin", "kasir", "dapur"] as const;
export const PERSON_ROLES = ["pemilik", "admin", "kasir", "dapur"] as const;
export const DEVICE_ROLES = ["kasir", "dapur"] as const;
export type DeviceRole = (typeof DEVICE_ROLES)[number];

export const INVITATION_HOURS = 24;
export const PAIRING_MINUTES = 10;
export const PAIRING_CODE_LENGTH = 6;
/** A paired device stays signed in this long between uses (its session slides like any other). */
export const DEVICE_SESSION_DAYS = 365;

export const STAFF_MESSAGES = {
  nameLength: `Nama harus antara ${NAME_MIN} sampai ${NAME_MAX} karakter.`,
  role: "Peran tidak dikenal.",
  deviceRole: "Perangkat hanya bisa berperan Kasir atau Dapur.",
  notFound: "Staf tidak ditemukan atau sudah dihapus.",
  self: "Peranmu sendiri tidak bisa diubah atau dihapus di sini.",
  lastOwner: "Pemilik terakhir tidak bisa diubah atau dihapus. Jadikan staf lain pemilik terlebih dahulu.",
  notOwner: "Hanya pemilik yang bisa mengatur staf.",
  noInvitation: "Akun ini masuk dengan Google; tidak perlu tautan undangan.",
  added: "Staf ditambahkan. Berikan tautan undangan di bawah kepadanya.",
  invited: "Tautan undangan baru dibuat; tautan sebelumnya tidak berlaku lagi.",
  changed: "Peran staf diubah. Sesinya diakhiri; ia perlu masuk lagi.",
  removed: "Staf dihapus dan sesinya diakhiri.",
} as const;

export const INVITATION_MESSAGES = {
  unknown: "Tautan undangan ini tidak dikenal. Minta tautan baru kepada pemilik toko.",
  used: "Tautan undangan ini sudah dipakai. Masuk dengan kata sandi yang sudah kamu buat, atau minta tautan baru kepada pemilik toko.",
  expired: "Tautan undangan ini sudah kedaluwarsa (berlaku 24 jam). Minta tautan baru kepada pemilik toko.",
} as const;

export const DEVICE_MESSAGES = {
  created: "Kode pasang dibuat. Ketik kode ini di perangkatnya dalam 10 menit.",
  revoked: "Perangkat dicabut dan sesinya diakhiri.",
  notFound: "Perangkat tidak ditemukan atau sudah dicabut.",
  codeFormat: `Kode pasang terdiri dari ${PAIRING_CODE_LENGTH} angka.`,
  wrongCode: "Kode pasang salah, sudah dipakai, atau sudah kedaluwarsa. Minta kode baru kepada pemilik toko.",
  busy: "Gagal membuat kode pasang. Silakan coba lagi.",
} as const;

/** A text field read by `read`; `null` refuses it with `message`. */
const checkedField = <T>(read: (value: string) => T | null, message: string) =>
  z.pipe(
    z.optional(z.string()),
    z.transform((value, context): T => {
      const accepted = read(value ?? "");
      if (accepted !== null) return accepted;
      context.issues.push({ code: "custom", message, input: value, path: [] });
      return z.NEVER;
    }),
  );

const nameField = checkedField((value) => {
  const nama = normalizeName(value);
  return nama.length >= NAME_MIN && nama.length <= NAME_MAX ? nama : null;
}, STAFF_MESSAGES.nameLength);

const roleField = <R extends string>(roles: readonly R[], message: string) =>
  checkedField((value) => (roles.includes(value as R) ? (value as R) : null), message);

export const NewStaffSchema = z.object({
  nama: nameField,
  role: roleField(NEW_STAFF_ROLES, STAFF_MESSAGES.role),
});

export const StaffRoleSchema = z.object({
  userId: z.pipe(
    z.optional(z.string()),
    z.transform((value) => (value ?? "").trim().slice(0, 40)),
  ),
  role: roleField(PERSON_ROLES, STAFF_MESSAGES.role),
});

export const NewDeviceSchema = z.object({
  nama: nameField,
  role: roleField(DEVICE_ROLES, STAFF_MESSAGES.deviceRole),
});

export const PairingCodeSchema = z.object({
  kode: checkedField((value) => {
    const code = value.replace(/[\s-]/g, "");
    return new RegExp(`^\\d{${PAIRING_CODE_LENGTH}}$`).test(code) ? code : null;
  }, DEVICE_MESSAGES.codeFormat),
});
