import { describe, expect, it } from "vitest";
import { validateForm } from "~/lib/form-check.ts";
import { LOGIN_MESSAGES, REGISTER_MESSAGES } from "./auth-rules.ts";
import { LoginSchema, RegisterSchema } from "./auth-schemas.ts";

function form(values: Record<string, string>) {
  const data = new FormData();
  for (const [name, value] of Object.entries(values)) data.set(name, value);
  return data;
}

function registerMessage(values: Record<string, string>) {
  const submission = validateForm(form(values), RegisterSchema);
  return submission.status === "success" ? null : (submission.error?.[""] ?? []);
}

const valid = {
  nama: "Budi Santoso",
  email: "budi@contoh.com",
  password: "rahasia1",
  confirmPassword: "rahasia1",
};

describe("registration rules, in the order the product gives them", () => {
  it("accepts a valid form and normalises it", () => {
    const submission = validateForm(
      form({ ...valid, nama: "  Budi  ", email: " Budi@Contoh.COM " }),
      RegisterSchema,
    );
    expect(submission.status).toBe("success");
    expect(submission.status === "success" && submission.value).toEqual({
      nama: "Budi",
      email: "budi@contoh.com",
      password: "rahasia1",
    });
  });

  it.each([
    ["nama", ""],
    ["email", ""],
    ["password", ""],
    ["confirmPassword", ""],
    ["nama", "   "],
    ["email", "  "],
    ["password", "      "],
    ["confirmPassword", "\t  "],
  ])("any field empty after trimming (%s=%j) → Semua kolom wajib diisi!", (field, value) => {
    expect(registerMessage({ ...valid, [field]: value })).toEqual([REGISTER_MESSAGES.empty]);
  });

  it("reports exactly one message, the first rule broken", () => {
    // Empty wins over everything else that is also wrong.
    expect(registerMessage({ nama: "Al", email: "", password: "123", confirmPassword: "999" })).toEqual([
      "Semua kolom wajib diisi!",
    ]);
    // Name before password length before confirmation.
    expect(registerMessage({ nama: "Al", email: "x@y.id", password: "123", confirmPassword: "999" })).toEqual(
      ["Nama harus antara 3 sampai 50 karakter!"],
    );
    expect(
      registerMessage({ nama: "Ali", email: "x@y.id", password: "123", confirmPassword: "999" }),
    ).toEqual(["Kata sandi harus antara 6 sampai 30 karakter!"]);
    expect(
      registerMessage({ nama: "Ali", email: "x@y.id", password: "123456", confirmPassword: "1234567" }),
    ).toEqual(["Konfirmasi kata sandi tidak cocok!"]);
    // The e-mail format is checked last.
    expect(
      registerMessage({ nama: "Ali", email: "bukan-email", password: "123456", confirmPassword: "1234567" }),
    ).toEqual(["Konfirmasi kata sandi tidak cocok!"]);
  });

  it.each([
    ["Al", REGISTER_MESSAGES.nameLength],
    ["  Al  ", REGISTER_MESSAGES.nameLength],
    ["x".repeat(51), REGISTER_MESSAGES.nameLength],
    ["Ali", null],
    ["x".repeat(50), null],
  ])("name %j → %s", (nama, message) => {
    expect(registerMessage({ ...valid, nama })).toEqual(message === null ? null : [message]);
  });

  it.each([
    ["12345", REGISTER_MESSAGES.passwordLength],
    ["x".repeat(31), REGISTER_MESSAGES.passwordLength],
    ["123456", null],
    ["x".repeat(30), null],
  ])("password %j → %s", (password, message) => {
    expect(registerMessage({ ...valid, password, confirmPassword: password })).toEqual(
      message === null ? null : [message],
    );
  });

  it("requires the confirmation to match exactly", () => {
    expect(registerMessage({ ...valid, confirmPassword: "Rahasia1" })).toEqual([
      REGISTER_MESSAGES.confirmation,
    ]);
  });

  it.each([
    "budi",
    "budi@",
    "@contoh.com",
    "budi@contoh",
    "bu di@contoh.com",
    `${"a".repeat(250)}@contoh.com`,
  ])("a malformed e-mail %j gets an Indonesian message", (email) => {
    expect(registerMessage({ ...valid, email })).toEqual([REGISTER_MESSAGES.emailFormat]);
  });

  it("uses the product's exact texts, and says an account was made (not a user)", () => {
    expect(REGISTER_MESSAGES).toMatchObject({
      empty: "Semua kolom wajib diisi!",
      nameLength: "Nama harus antara 3 sampai 50 karakter!",
      passwordLength: "Kata sandi harus antara 6 sampai 30 karakter!",
      confirmation: "Konfirmasi kata sandi tidak cocok!",
      duplicate: "Email sudah digunakan, silakan pakai email lain.",
      created: "Akun berhasil dibuat",
    });
  });
});

describe("login rules", () => {
  const loginMessage = (values: Record<string, string>) => {
    const submission = validateForm(form(values), LoginSchema);
    return submission.status === "success" ? null : (submission.error?.[""] ?? []);
  };

  it("needs e-mail and password first, then the captcha", () => {
    expect(loginMessage({ email: "", password: "x", captcha: "token" })).toEqual([LOGIN_MESSAGES.empty]);
    expect(loginMessage({ email: "a@b.id", password: "", captcha: "" })).toEqual([LOGIN_MESSAGES.empty]);
    expect(loginMessage({ email: "a@b.id", password: "rahasia" })).toEqual([
      "Harap selesaikan verifikasi reCAPTCHA.",
    ]);
    expect(loginMessage({ email: "a@b.id", password: "rahasia", captcha: "   " })).toEqual([
      "Harap selesaikan verifikasi reCAPTCHA.",
    ]);
  });

  it("normalises the e-mail and keeps the password as typed", () => {
    const submission = validateForm(
      form({ email: " A@B.ID ", password: " pw with spaces ", captcha: "t" }),
      LoginSchema,
    );
    expect(submission.status === "success" && submission.value).toMatchObject({
      email: "a@b.id",
      password: " pw with spaces ",
      captcha: { kind: "widget", token: "t" },
    });
  });

  it("without JavaScript the picture's digits answer the captcha; the picture alone does not", () => {
    const picture = { email: "a@b.id", password: "rahasia", captcha_gambar: "id.123.mac" };
    expect(loginMessage({ ...picture, captcha_jawaban: "  " })).toEqual([
      "Ketik angka pada gambar verifikasi.",
    ]);
    const submission = validateForm(form({ ...picture, captcha_jawaban: "12345" }), LoginSchema);
    expect(submission.status === "success" && submission.value.captcha).toEqual({
      kind: "picture",
      token: "id.123.mac",
      answer: "12345",
    });
    // The widget's answer wins when both are sent (a page whose widget loaded late).
    const both = validateForm(form({ ...picture, captcha_jawaban: "1", captcha: "t" }), LoginSchema);
    expect(both.status === "success" && both.value.captcha).toEqual({ kind: "widget", token: "t" });
  });

  it("uses the product's exact texts, and says an account was made (not a user)", () => {
    expect(LOGIN_MESSAGES.wrongCredentials).toBe("Email atau Password salah!");
    expect(LOGIN_MESSAGES.success).toBe("Berhasil login!");
    expect(LOGIN_MESSAGES.captchaMissing).toBe("Harap selesaikan verifikasi reCAPTCHA.");
  });
});
