/**
 * The registration and login forms' rules, shared by the browser (Conform, for instant feedback
 * without a round trip) and the server actions (the real check). SPEC.md section 5 fixes the
 * messages and the order: only the first failing rule is reported, as a form-level error that the
 * page shows in an error dialog.
 */
import { z } from "zod";
import { singleLine } from "../../lib/single-line.ts";

export const REGISTER_MESSAGES = {
  empty: "Semua kolom wajib diisi!",
  nameLength: "Nama harus antara 3 sampai 50 karakter!",
  passwordLength: "Kata sandi harus antara 6 sampai 30 karakter!",
  confirmation: "Konfirmasi kata sandi tidak cocok!",
  emailFormat: "Format email tidak valid! Contoh: nama@contoh.com",
  duplicate: "Email sudah digunakan, silakan pakai email lain.",
  created: "User berhasil dibuat",
} as const;

export const LOGIN_MESSAGES = {
  empty: "Email dan password wajib diisi!",
  captchaMissing: "Harap selesaikan verifikasi reCAPTCHA.",
  pictureMissing: "Ketik angka pada gambar verifikasi.",
  captchaInvalid: "Verifikasi captcha gagal atau sudah kedaluwarsa. Silakan ulangi verifikasi.",
  wrongCredentials: "Email atau Password salah!",
  success: "Berhasil login!",
} as const;

const NAME_MIN = 3;
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

/** E-mails are compared and stored trimmed and lower-case. */
export const normalizeEmail = (email: string) => email.trim().toLowerCase();

// Deliberately simple: one "@", something on both sides, a dot in the domain, no spaces.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const isEmail = (email: string) => email.length <= EMAIL_MAX && EMAIL_PATTERN.test(email);

// Conform turns empty inputs into `undefined`; a missing field is an empty one.
const text = z.string().optional();

interface RegisterInput {
  nama?: string;
  email?: string;
  password?: string;
  confirmPassword?: string;
}

/**
 * A name as it is stored and shown: one line, no invisible or bidi characters (it reaches the
 * WhatsApp order text and the admin's lists; lib/single-line.ts).
 */
export const normalizeName = (nama: string) => singleLine(nama);

/** The first rule the input breaks, in SPEC.md's order, or null. */
function firstRegisterProblem(input: RegisterInput): string | null {
  const nama = normalizeName(input.nama ?? "");
  const email = normalizeEmail(input.email ?? "");
  const password = input.password ?? "";
  const confirmPassword = input.confirmPassword ?? "";
  if (!nama || !email || !password.trim() || !confirmPassword.trim()) return REGISTER_MESSAGES.empty;
  if (nama.length < NAME_MIN || nama.length > NAME_MAX) return REGISTER_MESSAGES.nameLength;
  if (password.length < PASSWORD_MIN || password.length > PASSWORD_MAX)
    return REGISTER_MESSAGES.passwordLength;
  if (password !== confirmPassword) return REGISTER_MESSAGES.confirmation;
  if (!isEmail(email)) return REGISTER_MESSAGES.emailFormat;
  return null;
}

export const RegisterSchema = z
  .object({ nama: text, email: text, password: text, confirmPassword: text })
  .transform((input, ctx) => {
    const problem = firstRegisterProblem(input);
    if (problem) {
      ctx.addIssue({ code: "custom", message: problem, path: [] });
      return z.NEVER;
    }
    return {
      nama: normalizeName(input.nama ?? ""),
      email: normalizeEmail(input.email ?? ""),
      password: input.password ?? "",
    };
  });

export type RegisterData = z.output<typeof RegisterSchema>;

interface LoginInput {
  email?: string;
  password?: string;
  captcha?: string;
  captcha_gambar?: string;
  captcha_jawaban?: string;
  redirectTo?: string;
}

function firstLoginProblem(input: LoginInput): string | null {
  if (!normalizeEmail(input.email ?? "") || !(input.password ?? "")) return LOGIN_MESSAGES.empty;
  if ((input.captcha ?? "").trim()) return null;
  if (input.captcha_gambar)
    return (input.captcha_jawaban ?? "").trim() ? null : LOGIN_MESSAGES.pictureMissing;
  return LOGIN_MESSAGES.captchaMissing;
}

/** The captcha as the login form answered it: the widget's token, or a picture and its digits. */
export type CaptchaAnswer =
  { kind: "widget"; token: string } | { kind: "picture"; token: string; answer: string };

function captchaAnswer(input: LoginInput): CaptchaAnswer {
  const token = (input.captcha ?? "").trim();
  if (token) return { kind: "widget", token };
  return {
    kind: "picture",
    token: input.captcha_gambar ?? "",
    answer: (input.captcha_jawaban ?? "").slice(0, 20),
  };
}

export const LoginSchema = z
  .object({
    email: text,
    password: text,
    [CAPTCHA_FIELD]: text,
    [PICTURE_FIELD]: text,
    [PICTURE_ANSWER_FIELD]: text,
    redirectTo: text,
  })
  .transform((input, ctx) => {
    const problem = firstLoginProblem(input);
    if (problem) {
      ctx.addIssue({ code: "custom", message: problem, path: [] });
      return z.NEVER;
    }
    return {
      email: normalizeEmail(input.email ?? ""),
      // Long inputs cannot match a stored password (at most 30 characters, or a legacy hash's
      // 72 bytes); cutting them keeps bcrypt's work bounded.
      password: (input.password ?? "").slice(0, 128),
      captcha: captchaAnswer(input),
      redirectTo: input.redirectTo,
    };
  });
