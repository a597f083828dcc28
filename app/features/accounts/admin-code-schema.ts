import * as z from "zod/mini";
import { newPasswordProblem, REGISTER_MESSAGES } from "./auth-rules.ts";
import { hasLookAlike, isEmail, isReservedEmail, normalizeEmail } from "./email-rules.ts";

export const ADMIN_CODE_MESSAGES = {
  wrong:
    "Kode admin tidak berlaku untuk email ini. Pakai email dari pengaturan ADMIN_EMAILS dan kode dari log server (sekali pakai, 24 jam); mulai ulang server untuk kode baru.",
  alreadyAdmin: "Akun dengan email ini sudah menjadi admin. Silakan masuk.",
  done: "Akun admin siap",
} as const;

interface AdminCodeInput {
  email?: string;
  kode?: string;
  password?: string;
  confirmPassword?: string;
}

function firstProblem(input: AdminCodeInput): string | null {
  const email = normalizeEmail(input.email ?? "");
  const password = input.password ?? "";
  if (!email || !(input.kode ?? "").trim() || !password.trim() || !(input.confirmPassword ?? "").trim())
    return REGISTER_MESSAGES.empty;
  const passwordProblem = newPasswordProblem(password, input.confirmPassword);
  if (passwordProblem) return passwordProblem;
  if (hasLookAlike(email)) return REGISTER_MESSAGES.emailCharacters;
  if (!isEmail(email)) return REGISTER_MESSAGES.emailFormat;
  if (isReservedEmail(email)) return REGISTER_MESSAGES.emailReserved;
  return null;
}

const field = z.optional(z.string({ error: REGISTER_MESSAGES.empty }));

export const AdminCodeSchema = z.pipe(
  z.object({ email: field, kode: field, password: field, confirmPassword: field }),
  z.transform((input, context) => {
    const problem = firstProblem(input);
    if (problem) {
      context.issues.push({ code: "custom", message: problem, input, path: [] });
      return z.NEVER;
    }
    return {
      email: normalizeEmail(input.email ?? ""),
      code: (input.kode ?? "").slice(0, 40),
      password: input.password ?? "",
    };
  }),
);
