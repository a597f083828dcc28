/**
 * The registration and login forms' messages, limits and field names (SPEC.md section 5), for the
 * pages and the server; the schemas that apply them (auth-schemas.ts) load only when a form is
 * used (docs/decisions/0029-one-form-pattern.md).
 */
import { singleLine } from "../../lib/single-line.ts";

export const REGISTER_MESSAGES = {
  empty: "Semua kolom wajib diisi!",
  nameLength: "Nama harus antara 3 sampai 50 karakter!",
  passwordLength: "Kata sandi harus antara 6 sampai 30 karakter!",
  confirmation: "Konfirmasi kata sandi tidak cocok!",
  emailFormat: "Format email tidak valid! Contoh: nama@contoh.com",
  emailCharacters:
    "Email memuat huruf yang tidak didukung atau mirip huruf lain. Ketik ulang email kamu dengan huruf a–z, angka, dan tanda . _ - + saja.",
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
  passwordRemoved:
    "Email akun ini sudah terbukti milikmu lewat Google. Kata sandi yang pernah dipasang di akun ini dihapus dan sesi lainnya diakhiri; masuklah dengan Google.",
} as const;

export const NAME_MIN = 3;
export const NAME_MAX = 50;
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 30;
/** RFC 5321's limit on a whole address. */
const EMAIL_MAX = 254;

/** The form name of the captcha answer (ALTCHA payload or reCAPTCHA token). */
export const CAPTCHA_FIELD = "captcha";
/** Without JavaScript: the picture challenge and the digits typed from it. */
export const PICTURE_FIELD = "captcha_gambar";
export const PICTURE_ANSWER_FIELD = "captcha_jawaban";

/** What the login page needs to render its captcha (never a secret). */
export type CaptchaWidget = { kind: "altcha"; challengeUrl: string } | { kind: "recaptcha"; siteKey: string };

/** Characters nobody sees or types on purpose: zero-width spaces, bidi marks, controls. */
const HIDDEN = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu;
/** The scripts whose letters pass for each other (a Cyrillic "а" for a Latin "a"). */
const LOOK_ALIKE_SCRIPTS = [/\p{Script=Latin}/u, /\p{Script=Cyrillic}/u, /\p{Script=Greek}/u];
const NON_ASCII = /[^\x20-\x7e]/;

/**
 * An internationalised domain in its ASCII (IDNA) form, as the browser's and Node's URL parser
 * give it; one mixing look-alike scripts, or not a valid IDNA name, stays as typed (and is refused).
 */
function asciiDomain(domain: string): string {
  if (!NON_ASCII.test(domain) || /[\s/?#@:%[\]\\]/.test(domain)) return domain;
  if (LOOK_ALIKE_SCRIPTS.filter((script) => script.test(domain)).length > 1) return domain;
  try {
    return new URL(`http://${domain}`).hostname;
  } catch {
    return domain;
  }
}

/**
 * An e-mail as it is compared and stored (docs/decisions/0050-accounts-are-who-they-say.md):
 * NFKC, without hidden characters, trimmed, lower-case, the domain without trailing dots and in
 * its ASCII form. Two spellings that look the same become one address, or one is refused.
 */
export function normalizeEmail(email: string): string {
  const text = email.normalize("NFKC").replace(HIDDEN, "").trim().toLowerCase();
  const at = text.lastIndexOf("@");
  if (at < 0) return text;
  return `${text.slice(0, at)}@${asciiDomain(text.slice(at + 1).replace(/\.+$/, ""))}`;
}

/** How e-mails were stored before normalizeEmail: an account made then still logs in with it. */
export const legacyEmail = (email: string) => email.trim().toLowerCase();

/** Whether a normalised e-mail still holds a character no address here may have (a look-alike). */
export const hasLookAlike = (email: string) => NON_ASCII.test(email);

const LOCAL_PART = /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;
const LABEL = /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/;
const TOP_LABEL = /^([a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;

/** A normalised e-mail: a dot-atom before the "@", a host name of at least two labels after it. */
export function isEmail(email: string): boolean {
  const at = email.lastIndexOf("@");
  const local = email.slice(0, at);
  const labels = email.slice(at + 1).split(".");
  return (
    email.length <= EMAIL_MAX &&
    at > 0 &&
    local.length <= 64 &&
    LOCAL_PART.test(local) &&
    labels.length >= 2 &&
    labels.every((label) => LABEL.test(label)) &&
    TOP_LABEL.test(labels.at(-1)!)
  );
}

/**
 * A name as it is stored and shown: one line, no invisible or bidi characters (it reaches the
 * WhatsApp order text and the admin's lists; lib/single-line.ts).
 */
export const normalizeName = (nama: string) => singleLine(nama);
