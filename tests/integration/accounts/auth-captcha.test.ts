import { createChallenge, solveChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { DatabaseHandle } from "../../../database/client.server.ts";
import { loader as altchaLoader } from "../../../app/routes/resources/altcha.tsx";
import { verifyCaptcha, type CaptchaConfig } from "../../../app/features/accounts/captcha.server.ts";
import {
  createPictureChallenge,
  verifyPictureChallenge,
} from "../../../app/features/accounts/captcha-picture.server.ts";
import { useDatabaseHandle } from "../../../app/lib/db.server.ts";
import { contentSecurityPolicy } from "../../../app/lib/security-headers.server.ts";
import { createTestDatabase, testDatabaseKind } from "../../support/test-database.ts";
import { solvePicture, TEST_CAPTCHA_KEY } from "../../support/captcha-picture.ts";
import { solvedAltcha } from "./auth-support.ts";

let handle: DatabaseHandle;
beforeAll(async () => {
  vi.stubEnv("ALTCHA_HMAC_KEY", TEST_CAPTCHA_KEY);
  handle = await createTestDatabase();
  useDatabaseHandle(handle);
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await handle?.close();
});

const altcha: CaptchaConfig = { kind: "altcha" };

describe(`ALTCHA, the default captcha, verified on the server (${testDatabaseKind()})`, () => {
  it("GET /captcha/altcha serves a fresh signed challenge, never cached", async () => {
    const response = await altchaLoader();
    expect(response.headers.get("cache-control")).toBe("no-store");
    const challenge = (await response.json()) as { parameters: Record<string, unknown>; signature: string };
    expect(challenge.parameters).toMatchObject({ algorithm: "PBKDF2/SHA-256" });
    expect(challenge.parameters.expiresAt).toBeGreaterThan(Date.now() / 1000);
    expect(challenge.signature).toMatch(/^[0-9a-f]{64}$/);
    const again = (await (await altchaLoader()).json()) as { signature: string };
    expect(again.signature).not.toBe(challenge.signature);
  });

  it("accepts a solution once", async () => {
    const token = await solvedAltcha();
    expect(await verifyCaptcha(handle.db, token, "192.0.2.1", altcha)).toBe(true);
    expect(await verifyCaptcha(handle.db, token, "192.0.2.1", altcha)).toBe(false);
  });

  it("refuses a challenge signed with another key", async () => {
    const challenge = await createChallenge({
      algorithm: "PBKDF2/SHA-256",
      cost: 1,
      counter: 20,
      deriveKey,
      hmacSignatureSecret: "kunci-server-lain",
      hmacKeySignatureSecret: "kunci-server-lain-2",
    });
    const solution = await solveChallenge({ challenge, deriveKey });
    const foreign = Buffer.from(JSON.stringify({ challenge, solution })).toString("base64");
    expect(await verifyCaptcha(handle.db, foreign, "192.0.2.1", altcha)).toBe(false);
  });

  it("refuses a wrong answer and an expired challenge", async () => {
    const payload = JSON.parse(Buffer.from(await solvedAltcha(), "base64").toString());
    payload.solution.counter += 1;
    payload.solution.derivedKey = "00".repeat(32);
    expect(
      await verifyCaptcha(handle.db, Buffer.from(JSON.stringify(payload)).toString("base64"), "x", altcha),
    ).toBe(false);

    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      const old = await solvedAltcha();
      vi.setSystemTime(Date.now() + 11 * 60 * 1000);
      expect(await verifyCaptcha(handle.db, old, "192.0.2.1", altcha)).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });

  it("the default CSP lets ALTCHA work without any outside host or inline script", () => {
    const csp = contentSecurityPolicy("abc", true, { recaptcha: false });
    expect(csp).toContain("script-src 'self' 'nonce-abc';");
    expect(csp).toContain("worker-src 'self'");
    expect(csp).toContain("form-action 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    // Nothing from Google runs or is fetched by script; only images may come from Google's photo
    // host (a Google account's profile photo in the admin panel).
    const directives = csp.split(";").map((directive) => directive.trim());
    expect(directives.filter((directive) => directive.includes("google"))).toEqual([
      "img-src 'self' data: blob: https://*.googleusercontent.com",
    ]);
  });
});

describe(`the picture captcha, for a browser without JavaScript (${testDatabaseKind()})`, () => {
  const key = () => process.env.ALTCHA_HMAC_KEY!;
  const here = "203.0.113.7";

  it("the login page carries a fresh picture challenge; its picture is an SVG of paths, no digits in it", async () => {
    const first = await createPictureChallenge(here);
    const second = await createPictureChallenge(here);
    expect(first.token).not.toBe(second.token);
    expect(first.token).toMatch(/^[\w-]{16}\.\d{13}\.[\w-]{43}$/);
    const svg = Buffer.from(first.picture.replace("data:image/svg+xml;base64,", ""), "base64").toString();
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(svg).not.toMatch(/<text|<script|on\w+=/);
    const answer = solvePicture(first.token, key(), here);
    expect(first.token).not.toContain(answer);
  });

  it("accepts the right digits once; refuses wrong digits, another challenge's digits, a tampered or expired challenge", async () => {
    const challenge = await createPictureChallenge(here);
    const answer = solvePicture(challenge.token, key(), here);
    const wrong = String((Number(answer) + 1) % 100_000).padStart(5, "0");
    expect(await verifyPictureChallenge(handle.db, challenge.token, wrong, here)).toBe(false);
    expect(
      await verifyPictureChallenge(
        handle.db,
        challenge.token,
        ` ${answer.slice(0, 2)} ${answer.slice(2)} `,
        here,
      ),
    ).toBe(true);
    expect(await verifyPictureChallenge(handle.db, challenge.token, answer, here)).toBe(false);

    const other = await createPictureChallenge(here);
    const otherAnswer = solvePicture(other.token, key(), here);
    const [id, expires, mac] = other.token.split(".");
    for (const [token, digits] of [
      [`${id}.${Number(expires) + 60_000}.${mac}`, otherAnswer],
      [`${id}.${expires}.${mac!.slice(0, -1)}${mac!.endsWith("A") ? "E" : "A"}`, otherAnswer],
      [`${id}x.${expires}.${mac}`, otherAnswer],
      [other.token, "1234"],
      [other.token, "123456"],
      [other.token, "abcde"],
      ["", otherAnswer],
      [`${other.token}.extra`, otherAnswer],
    ] as const) {
      expect(await verifyPictureChallenge(handle.db, token, digits, here), token.slice(-10)).toBe(false);
    }
    vi.useFakeTimers({ now: Date.now() + 11 * 60 * 1000, toFake: ["Date"] });
    try {
      expect(await verifyPictureChallenge(handle.db, other.token, otherAnswer, here)).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });

  it("is bound to the address that fetched it: the right digits from another address are refused", async () => {
    const challenge = await createPictureChallenge(here);
    const answer = solvePicture(challenge.token, key(), here);
    expect(await verifyPictureChallenge(handle.db, challenge.token, answer, "198.51.100.99")).toBe(false);
    expect(await verifyPictureChallenge(handle.db, challenge.token, answer, "2001:db8:1:2::/64")).toBe(false);
    // The refusals did not use it up: its own address still gets in.
    expect(await verifyPictureChallenge(handle.db, challenge.token, answer, here)).toBe(true);
  });
});
