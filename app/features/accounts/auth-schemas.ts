// The auth forms' schemas, for the page and the action: only the first failing rule is reported, in a
// fixed order, as the form's error (`zod/mini`: 0029).
import * as z from "zod/mini";
import {
  CAPTCHA_FIELD,
  LOGIN_MESSAGES,
  NAME_MAX,
  NAME_MIN,
  normalizeName,
  newPasswordProblem,
  PICTURE_ANSWER_FIELD,
  PICTURE_FIELD,
  REGISTER_MESSAGES,
} from "./auth-rules.ts";
import { hasLookAlike, isEmail, isReservedEmail, legacyEmail, normalizeEmail } from "./email-rules.ts";

const text = (empty: string) => z.optional(z.string({ error: empty }));

const refuse = (input: unknown, problem: string, issues: z.core.$ZodRawIssue[]) => {
  issues.push({ code: "custom", message: problem, input, path: [] });
  return z.NEVER;
};

interface RegisterInput {
  nama?: string;
  email?: string;
  password?: string;
  confirmPassword?: string;
}

function firstRegisterProblem(input: RegisterInput): string | null {
  const nama = normalizeName(input.nama ?? "");
  const email = normalizeEmail(input.email ?? "");
  const password = input.password ?? "";
  const confirmPassword = input.confirmPassword ?? "";
  if (!nama || !email || !password.trim() || !confirmPassword.trim()) return REGISTER_MESSAGES.empty;
  if (nama.length < NAME_MIN || nama.length > NAME_MAX) return REGISTER_MESSAGES.nameLength;
  const passwordProblem = newPasswordProblem(password, confirmPassword);
  if (passwordProblem) return passwordProblem;
  if (hasLookAlike(email)) return REGISTER_MESSAGES.emailCharacters;
  if (!isEmail(email)) return REGISTER_MESSAGES.emailFormat;
  if (isReservedEmail(email)) return REGISTER_MESSAGES.emailReserved;
  return null;
}

const registerText = text(REGISTER_MESSAGES.empty);

export const RegisterSchema = z.pipe(
  z.object({
    nama: registerText,
    email: registerText,
    password: registerText,
    confirmPassword: registerText,
  }),
  z.transform((input, context) => {
    const problem = firstRegisterProblem(input);
    if (problem) return refuse(input, problem, context.issues);
    return {
      nama: normalizeName(input.nama ?? ""),
      email: normalizeEmail(input.email ?? ""),
      password: input.password ?? "",
    };
  }),
);

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

const loginText = text(LOGIN_MESSAGES.empty);

export const LoginSchema = z.pipe(
  z.object({
    email: loginText,
    password: loginText,
    [CAPTCHA_FIELD]: loginText,
    [PICTURE_FIELD]: loginText,
    [PICTURE_ANSWER_FIELD]: loginText,
    redirectTo: loginText,
  }),
  z.transform((input, context) => {
    const problem = firstLoginProblem(input);
    if (problem) return refuse(input, problem, context.issues);
    return {
      email: normalizeEmail(input.email ?? ""),
      // An account stored before e-mails were normalised is found by its old spelling too.
      legacyEmail: legacyEmail(input.email ?? ""),
      // Longer inputs cannot match a stored password; cutting them bounds bcrypt's work.
      password: (input.password ?? "").slice(0, 128),
      captcha: captchaAnswer(input),
      redirectTo: input.redirectTo,
    };
  }),
);
