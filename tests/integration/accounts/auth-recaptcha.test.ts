import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { DatabaseHandle } from "../../../database/client.server.ts";
import { users } from "../../../database/schema.ts";
import { loginAction } from "../../../app/routes/_auth/login.server.ts";
import { loader as altchaLoader } from "../../../app/routes/resources/altcha.tsx";
import { getCaptchaWidget, verifyCaptcha } from "../../../app/features/accounts/captcha.server.ts";
import { useDatabaseHandle } from "../../../app/lib/db.server.ts";
import { hashPassword } from "../../../app/features/accounts/password.server.ts";
import { contentSecurityPolicy } from "../../../app/lib/security-headers.server.ts";
import { newUserId } from "../../../app/features/accounts/users.server.ts";
import { createTestDatabase, testDatabaseKind } from "../../support/test-database.ts";
import { call, get, post, solvedAltcha, uniqueEmail } from "./auth-support.ts";
import { loader as masukLoader } from "../../../app/routes/_auth/masuk.tsx";
import { createPictureChallenge } from "../../../app/features/accounts/captcha-picture.server.ts";
import { PICTURE_MESSAGES } from "../../../app/features/accounts/picture-budget.server.ts";
import { solvePicture, TEST_CAPTCHA_KEY } from "../../support/captcha-picture.ts";

/** A local stand-in for Google's siteverify endpoint: accepts tokens starting "lulus", once each. */
function startRecaptchaStandIn() {
  const seen: URLSearchParams[] = [];
  const used = new Set<string>();
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString()));
    req.on("end", () => {
      const params = new URLSearchParams(body);
      seen.push(params);
      const token = params.get("response") ?? "";
      const success =
        params.get("secret") === "rahasia-server" && token.startsWith("lulus") && !used.has(token);
      used.add(token);
      res.setHeader("content-type", "application/json");
      res.end(
        JSON.stringify(
          success ? { success: true } : { success: false, "error-codes": ["invalid-input-response"] },
        ),
      );
    });
  });
  return { server, seen };
}

let handle: DatabaseHandle;
let standIn: ReturnType<typeof startRecaptchaStandIn>;
beforeAll(async () => {
  standIn = startRecaptchaStandIn();
  await new Promise<void>((resolve) => standIn.server.listen(0, "127.0.0.1", resolve));
  const { port } = standIn.server.address() as AddressInfo;
  // Settings are read once per process: set them before anything reads them.
  vi.stubEnv("RECAPTCHA_SITE_KEY", "kunci-situs");
  vi.stubEnv("RECAPTCHA_SECRET", "rahasia-server");
  vi.stubEnv("ALTCHA_HMAC_KEY", TEST_CAPTCHA_KEY);
  vi.stubEnv("RECAPTCHA_VERIFY_URL", `http://127.0.0.1:${port}/recaptcha/api/siteverify`);
  handle = await createTestDatabase();
  useDatabaseHandle(handle);
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await new Promise<void>((resolve) => standIn?.server.close(() => resolve()));
  await handle?.close();
});

describe(`reCAPTCHA v2 when RECAPTCHA_SITE_KEY and RECAPTCHA_SECRET are set (${testDatabaseKind()})`, () => {
  it("shows the reCAPTCHA widget with the site key only, never the secret", () => {
    expect(getCaptchaWidget()).toEqual({ kind: "recaptcha", siteKey: "kunci-situs" });
  });

  it("checks the login form's token with the verify URL, once", async () => {
    const email = uniqueEmail("recaptcha");
    await handle.db.insert(users).values({
      id: newUserId(),
      nama: "Pelanggan",
      email,
      password_hash: await hashPassword("rahasia1"),
      provider: "password",
    });
    const login = (captcha: string) =>
      call(loginAction, post("/masuk", { email, password: "rahasia1", captcha }, { address: "203.0.113.9" }));

    const refused = await login("palsu");
    expect(refused.status).toBe(400);
    expect(refused.json).toMatchObject({
      message: "Verifikasi captcha gagal atau sudah kedaluwarsa. Silakan ulangi verifikasi.",
    });
    // An ALTCHA solution is no answer when reCAPTCHA is configured.
    expect((await login(await solvedAltcha())).status).toBe(400);

    expect((await login("lulus-1")).status).toBe(200);
    expect((await login("lulus-1")).status).toBe(400);
    const request = standIn.seen.find((params) => params.get("response") === "lulus-1")!;
    expect(request.get("secret")).toBe("rahasia-server");
    expect(request.get("remoteip")).toBe("203.0.113.9");

    const missing = await login("");
    expect(missing.status).toBe(400);
    expect(missing.json).toMatchObject({ message: "Harap selesaikan verifikasi reCAPTCHA." });
  });

  it("refuses the picture captcha (no weaker path than the configured one); the page without JavaScript says why", async () => {
    const email = uniqueEmail("gambar-recaptcha");
    await handle.db.insert(users).values({
      id: newUserId(),
      nama: "Pelanggan",
      email,
      password_hash: await hashPassword("rahasia1"),
      provider: "password",
    });
    const address = "203.0.113.10";
    const page = await call(masukLoader as never, get("/masuk", { address }));
    expect(page.json).toMatchObject({
      captcha: { kind: "recaptcha" },
      picture: { unavailable: PICTURE_MESSAGES.unavailable },
    });
    expect(page.body).not.toContain("data:image/svg");

    // A picture this server signed and its right digits, as a program would read them.
    const { token } = await createPictureChallenge(address);
    const values = {
      email,
      password: "rahasia1",
      captcha: "",
      captcha_gambar: token,
      captcha_jawaban: solvePicture(token, TEST_CAPTCHA_KEY, address),
      mode: "document",
    };
    const refused = await call(loginAction, post("/masuk", values, { address }));
    expect([refused.status, refused.json?.message]).toEqual([400, PICTURE_MESSAGES.unavailable]);
    expect(refused.sessionCookie).toBeNull();
  });

  it("refuses the login when the verify URL cannot be reached (never fails open)", async () => {
    const config = {
      kind: "recaptcha" as const,
      siteKey: "k",
      secret: "rahasia-server",
      verifyUrl: "http://127.0.0.1:9/",
    };
    expect(await verifyCaptcha(handle.db, "lulus-2", "192.0.2.1", config)).toBe(false);
  });

  it("allows Google's script and frame in the CSP, still without inline scripts", () => {
    const csp = contentSecurityPolicy("abc", true);
    expect(csp).toContain("script-src 'self' 'nonce-abc' https://www.google.com/recaptcha/");
    expect(csp).toContain("frame-src https://www.google.com/recaptcha/");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
  });

  it("serves no ALTCHA challenges", async () => {
    await expect(altchaLoader()).rejects.toMatchObject({ init: { status: 404 } });
  });
});
