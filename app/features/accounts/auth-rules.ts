// The auth forms' messages, limits and field names; the schemas (auth-schemas.ts) load on first use (0029).
import { singleLine } from "../../lib/single-line.ts";

export const REGISTER_MESSAGES = {
  empty: "Semua kolom wajib diisi!",
  nameLength: "Nama harus antara 3 sampai 50 karakter!",
  passwordLength: "Kata sandi harus antara 6 sampai 30 karakter!",
  confirmation: "Konfirmasi kata sandi tidak cocok!",
  emailFormat: "Format email tidak valid! Contoh: nama@contoh.com",
  emailCharacters:
    "Email memuat huruf yang tidak didukung atau mirip huruf lain. Ketik ulang email kamu dengan huruf a–z, angka, dan tanda . _ - + saja.",
  emailReserved: "Alamat email ini khusus untuk staf toko. Daftar dengan email kamu sendiri.",
  duplicate: "Email sudah digunakan, silakan pakai email lain.",
  created: "Akun berhasil dibuat",
} as const;

export const LOGIN_MESSAGES = {
  empty: "Email dan password wajib diisi!",
  captchaMissing: "Harap selesaikan verifikasi reCAPTCHA.",
  pictureMissing: "Ketik angka pada gambar verifikasi.",
  captchaInvalid: "Verifikasi captcha gagal atau sudah kedaluwarsa. Silakan ulangi verifikasi.",
  wrongCredentials: "Email atau Password salah!",
  success: "Berhasil login!",
} as const;

export const NAME_MIN = 3;
export const NAME_MAX = 50;
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 30;

export const CAPTCHA_FIELD = "captcha";
export const PICTURE_FIELD = "captcha_gambar";
export const PICTURE_ANSWER_FIELD = "captcha_jawaban";

export type CaptchaWidget = { kind: "altcha"; challengeUrl: string } | { kind: "recaptcha"; siteKey: string };

// One line, no invisible or bidi characters: a name reaches the WhatsApp order text and admin lists.
export const normalizeName = (nama: string) => singleLine(nama);

/** A new password's length and its confirmation, wherever one is chosen. */
export function newPasswordProblem(password: string, confirmation: string | undefined): string | null {
  if (password.length < PASSWORD_MIN || password.length > PASSWORD_MAX)
    return REGISTER_MESSAGES.passwordLength;
  if (password !== confirmation) return REGISTER_MESSAGES.confirmation;
  return null;
}
