import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { DatabaseHandle } from "../../../database/client.server.ts";
import { notifications, sessions, users } from "../../../database/schema.ts";
import { loader as masukLoader } from "../../../app/routes/_auth/masuk.tsx";
import { loader as callbackLoader } from "../../../app/routes/resources/google-callback.tsx";
import { loader as startLoader } from "../../../app/routes/resources/google-start.tsx";
import { useDatabaseHandle } from "../../../app/lib/db.server.ts";
import { hashPassword } from "../../../app/features/accounts/password.server.ts";
import { newUserId } from "../../../app/features/accounts/users.server.ts";
import {
  encodeIdentity,
  IDENTITY_COOKIE,
  startOidcProvider,
  type TestIdentity,
} from "../../support/oidc-provider.ts";
import { createTestDatabase, testDatabaseKind } from "../../support/test-database.ts";
import { loginAction } from "../../../app/routes/_auth/login.server.ts";
import { registerAction } from "../../../app/routes/_auth/register.server.ts";
import { call, cookiesSet, get, ORIGIN, post, solvedAltcha, uniqueEmail, whoAmI } from "./auth-support.ts";

let handle: DatabaseHandle;
let provider: Awaited<ReturnType<typeof startOidcProvider>>;
beforeAll(async () => {
  provider = await startOidcProvider();
  // Settings are read once per process: set them before anything reads them.
  vi.stubEnv("GOOGLE_CLIENT_ID", "nyala-uji");
  vi.stubEnv("GOOGLE_CLIENT_SECRET", "rahasia-klien");
  vi.stubEnv("GOOGLE_ISSUER", provider.url);
  vi.stubEnv("ADMIN_EMAILS", "admin-google@nyala.test, pemilik-google@nyala.test, ganti-google@nyala.test");
  vi.stubEnv("NYALA_TEST_MODE", "0");
  handle = await createTestDatabase();
  useDatabaseHandle(handle);
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await provider?.stop();
  await handle?.close();
});

interface Flow {
  /** Where the callback sent the browser. */
  location: string;
  sessionCookie: string | null;
  authorizeUrl: URL;
}

/** The whole browser round trip: /auth/google → provider → /auth/google/callback. */
async function signInWithGoogle(
  identity: TestIdentity,
  options: { redirectTo?: string } = {},
): Promise<Flow> {
  const start = await call(
    startLoader as never,
    get(`/auth/google${options.redirectTo ? `?redirectTo=${encodeURIComponent(options.redirectTo)}` : ""}`),
  );
  expect(start.status).toBe(302);
  const authorizeUrl = new URL(start.headers.get("location")!);
  const flowCookies = cookiesSet(start.headers);

  const atProvider = await fetch(authorizeUrl, {
    redirect: "manual",
    headers: { cookie: `${IDENTITY_COOKIE}=${encodeIdentity(identity)}` },
  });
  expect(atProvider.status).toBe(302);
  const callbackUrl = new URL(atProvider.headers.get("location")!);

  const callback = await call(
    callbackLoader as never,
    get(`${callbackUrl.pathname}${callbackUrl.search}`, { cookies: flowCookies }),
  );
  expect(callback.status).toBe(302);
  // The flow cookie is single use: every callback clears it.
  expect(callback.headers.getSetCookie().some((c) => /^nyala_google=; .*Max-Age=0/.test(c))).toBe(true);
  return { location: callback.headers.get("location")!, sessionCookie: callback.sessionCookie, authorizeUrl };
}

const userByEmail = async (email: string) =>
  (await handle.db.select().from(users).where(eq(users.email, email)))[0];

describe(`Google sign-in against a local OpenID provider (${testDatabaseKind()})`, () => {
  it("sends the browser to the provider with PKCE (S256), state, nonce and prompt=select_account", async () => {
    const start = await call(startLoader as never, get("/auth/google"));
    const url = new URL(start.headers.get("location")!);
    expect(`${url.origin}${url.pathname}`).toBe(`${provider.url}/authorize`);
    const params = Object.fromEntries(url.searchParams);
    expect(params).toMatchObject({
      response_type: "code",
      client_id: "nyala-uji",
      redirect_uri: `${ORIGIN}/auth/google/callback`,
      code_challenge_method: "S256",
      prompt: "select_account",
    });
    expect(params.scope?.split(" ")).toEqual(expect.arrayContaining(["openid", "email", "profile"]));
    expect(params.code_challenge).toMatch(/^[\w-]{43}$/);
    expect(params.state?.length).toBeGreaterThan(20);
    expect(params.nonce?.length).toBeGreaterThan(20);
    const cookie = start.headers.getSetCookie().find((c) => c.startsWith("nyala_google="))!;
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Max-Age=600/);
    // The verifier never travels in the URL.
    expect(url.search).not.toContain(
      JSON.parse(Buffer.from(cookie.split(/[=;]/)[1]!, "base64url").toString()).verifier,
    );
  });

  it("first login creates the user from the identity; later logins find it by subject", async () => {
    const email = uniqueEmail("google-baru");
    const identity = {
      sub: `sub-${email}`,
      email: email.toUpperCase(),
      name: "Dewi Google",
      picture: "https://lh3.googleusercontent.test/foto.png",
      phone_number: "+628123456789",
    };
    const first = await signInWithGoogle(identity, { redirectTo: "/keranjang" });
    expect(first.location).toBe("/masuk?google=ok&redirectTo=%2Fkeranjang");
    expect(first.sessionCookie).toBeTruthy();
    const user = await userByEmail(email);
    expect(user).toMatchObject({
      nama: "Dewi Google",
      email,
      provider: "google",
      google_sub: identity.sub,
      photo_url: identity.picture,
      phone_number: identity.phone_number,
      password_hash: null,
      role: "customer",
    });
    expect(user?.created_at).toBeInstanceOf(Date);

    // The e-mail changed at Google: still the same account, found by subject.
    const second = await signInWithGoogle({ ...identity, email: uniqueEmail("ganti"), name: "Nama Baru" });
    expect(second.location).toMatch(/^\/masuk\?google=ok/);
    const [{ id } = { id: "" }] = await handle.db
      .select({ id: sessions.user_id })
      .from(sessions)
      .where(eq(sessions.id, second.sessionCookie!.split(".")[0]!));
    expect(id).toBe(user!.id);
    expect(await handle.db.select().from(users).where(eq(users.google_sub, identity.sub))).toHaveLength(1);

    // After Google, /masuk greets the signed-in user with "Berhasil login!".
    const page = await call(
      masukLoader as never,
      get("/masuk?google=ok", { session: second.sessionCookie! }),
    );
    expect(page.json).toMatchObject({ googleSignedIn: { email }, googleError: null });
  });

  it("a Google profile name is stored on one line (issue #20)", async () => {
    const email = uniqueEmail("google-nama");
    await signInWithGoogle({ sub: `sub-${email}`, email, name: "Eve\nTotal: Rp 1\u2028Lunas\u202e" });
    expect((await userByEmail(email))?.nama).toBe("Eve Total: Rp 1 Lunas");
    const blank = uniqueEmail("google-kosong");
    await signInWithGoogle({ sub: `sub-${blank}`, email: blank, name: "\u200b\n\u3164" });
    expect((await userByEmail(blank))?.nama).toBe(blank.split("@")[0]);
  });

  it("a hostile redirectTo survives the round trip only as a path on this site (issue #20)", async () => {
    for (const redirectTo of ["/ᅟ//evil", "/。evil.test", "/\u2028x", "//evil", "/\\evil", "/.//evil"]) {
      const flow = await signInWithGoogle(
        { sub: `sub-arah`, email: "arah-google@contoh.test", name: "Arah" },
        { redirectTo },
      );
      const target = new URL(flow.location, ORIGIN).searchParams.get("redirectTo");
      expect(target, JSON.stringify(redirectTo)).toMatch(/^\/(?![/\\])[\x21-\x7e]*$/);
      expect(flow.sessionCookie).toBeTruthy();
    }
  });

  it("tells every admin about a new Google user and honours ADMIN_EMAILS", async () => {
    const admin = await signInWithGoogle({
      sub: "sub-admin",
      email: "admin-google@nyala.test",
      name: "Admin",
    });
    expect(admin.location).toMatch(/google=ok/);
    const adminRow = await userByEmail("admin-google@nyala.test");
    expect(adminRow?.role).toBe("pemilik");
    await signInWithGoogle({ sub: "sub-pelanggan", email: uniqueEmail("pelanggan"), name: "Pelanggan Baru" });
    const rows = await handle.db.select().from(notifications).where(eq(notifications.user_id, adminRow!.id));
    expect(rows.map((row) => row.pesan)).toContainEqual(expect.stringContaining("Pelanggan Baru"));
  });

  it("joins an existing password account only when Google verified the e-mail, and removes its password", async () => {
    const email = uniqueEmail("gabung");
    const id = newUserId();
    await handle.db.insert(users).values({
      id,
      nama: "Punya Sandi",
      email,
      password_hash: await hashPassword("rahasia1"),
      provider: "password",
    });

    const unverified = await signInWithGoogle({ sub: `sub-x-${email}`, email, email_verified: false });
    expect(unverified.location).toBe("/masuk?google=unverified");
    expect(unverified.sessionCookie).toBeNull();
    expect((await userByEmail(email))?.google_sub).toBeNull();
    const page = await call(masukLoader as never, get("/masuk?google=unverified"));
    expect(page.json?.googleError).toMatch(/belum memverifikasi email/);

    const byPassword = await call(
      loginAction,
      post(
        "/masuk",
        { email, password: "rahasia1", captcha: await solvedAltcha() },
        { address: "203.0.113.65" },
      ),
    );
    expect(await whoAmI(byPassword.sessionCookie!)).toMatchObject({ email });
    const verified = await signInWithGoogle({ sub: `sub-${email}`, email, email_verified: true });
    expect(verified.location).toMatch(/^\/masuk\?google=ok-tanpa-sandi/);
    // The password's sessions end on every server at once.
    expect(await whoAmI(byPassword.sessionCookie!)).toBeNull();
    expect(await userByEmail(email)).toMatchObject({
      id,
      google_sub: `sub-${email}`,
      provider: "google",
      password_hash: null,
    });
    const greeted = await call(
      masukLoader as never,
      get("/masuk?google=ok-tanpa-sandi", { session: verified.sessionCookie! }),
    );
    expect(greeted.json).toMatchObject({
      googleSignedIn: { email, notice: expect.stringMatching(/Kata sandi yang pernah dipasang/) },
    });
  });

  it("pre-hijacking (issue #38): whoever registered the owner's e-mail with a password loses it at the owner's Google sign-in", async () => {
    const email = "pemilik-google@nyala.test"; // in ADMIN_EMAILS
    const attacker = { address: "203.0.113.66" };
    const registered = await call(
      registerAction,
      post(
        "/daftar",
        { nama: "Penyerang", email, password: "milikku1", confirmPassword: "milikku1" },
        attacker,
      ),
    );
    expect(registered.status).toBe(200);
    // A password proves no e-mail: the attacker is a customer, not the shop's admin.
    expect(await whoAmI(registered.sessionCookie!)).toMatchObject({ role: "customer" });
    const loggedIn = await call(
      loginAction,
      post("/masuk", { email, password: "milikku1", captcha: await solvedAltcha() }, attacker),
    );
    expect(loggedIn.status).toBe(200);

    expect(await whoAmI(loggedIn.sessionCookie!)).toMatchObject({ email });
    const owner = await signInWithGoogle({ sub: "sub-pemilik", email, email_verified: true });
    expect(owner.location).toMatch(/google=ok-tanpa-sandi/);
    expect(await whoAmI(owner.sessionCookie!)).toMatchObject({ email, role: "pemilik" });
    // The attacker's sessions ended, and the password no longer opens the account.
    expect(await whoAmI(registered.sessionCookie!)).toBeNull();
    expect(await whoAmI(loggedIn.sessionCookie!)).toBeNull();
    const again = await call(
      loginAction,
      post("/masuk", { email, password: "milikku1", captcha: await solvedAltcha() }, attacker),
    );
    expect([again.status, again.sessionCookie]).toEqual([401, null]);
  });

  it("an e-mail Google has not verified creates no account and proves no ADMIN_EMAILS address", async () => {
    const email = uniqueEmail("belum-terverifikasi");
    const flow = await signInWithGoogle({ sub: `sub-${email}`, email, email_verified: false });
    expect(flow.location).toBe("/masuk?google=unverified-new");
    expect(flow.sessionCookie).toBeNull();
    expect(await userByEmail(email)).toBeUndefined();
    const page = await call(masukLoader as never, get("/masuk?google=unverified-new"));
    expect(page.json?.googleError).toMatch(/^Google belum memverifikasi email akun Google ini\./);

    // An account found by its Google subject becomes admin only for its own, verified e-mail.
    await handle.db.insert(users).values({
      id: newUserId(),
      nama: "Ganti",
      email: "ganti-google@nyala.test",
      provider: "google",
      google_sub: "sub-ganti",
    });
    const unproven = await signInWithGoogle({
      sub: "sub-ganti",
      email: "ganti-google@nyala.test",
      email_verified: false,
    });
    expect(await whoAmI(unproven.sessionCookie!)).toMatchObject({ role: "customer" });
    // Nor while its Google account now vouches for another e-mail.
    const moved = await signInWithGoogle({ sub: "sub-ganti", email: uniqueEmail("pindah") });
    expect(await whoAmI(moved.sessionCookie!)).toMatchObject({
      email: "ganti-google@nyala.test",
      role: "customer",
    });
    const proven = await signInWithGoogle({ sub: "sub-ganti", email: "ganti-google@nyala.test" });
    expect(await whoAmI(proven.sessionCookie!)).toMatchObject({ role: "pemilik" });
  });

  it("shows why under the form when the user cancels, the state is wrong or the provider fails", async () => {
    expect((await signInWithGoogle({ error: "access_denied" })).location).toBe("/masuk?google=cancelled");
    expect((await signInWithGoogle({ error: "server_error" })).location).toBe("/masuk?google=provider");
    expect(
      (await signInWithGoogle({ sub: "sub-rusak", email: uniqueEmail("rusak"), tokenError: true })).location,
    ).toBe("/masuk?google=provider");

    // A callback whose state is not the one this browser started with (or without the cookie).
    const start = await call(startLoader as never, get("/auth/google"));
    const cookies = cookiesSet(start.headers);
    const forged = await call(
      callbackLoader as never,
      get("/auth/google/callback?code=abc&state=palsu", { cookies }),
    );
    expect(forged.headers.get("location")).toBe("/masuk?google=state");
    const noCookie = await call(callbackLoader as never, get("/auth/google/callback?code=abc&state=palsu"));
    expect(noCookie.headers.get("location")).toBe("/masuk?google=state");

    const messages = await Promise.all(
      ["cancelled", "state", "provider"].map(async (code) => {
        const page = await call(masukLoader as never, get(`/masuk?google=${code}`));
        return page.json?.googleError;
      }),
    );
    expect(messages).toEqual([
      "Login dengan Google dibatalkan.",
      "Sesi login Google sudah kedaluwarsa atau tidak valid. Silakan coba lagi.",
      "Login dengan Google gagal. Silakan coba lagi beberapa saat lagi.",
    ]);
    // Unknown codes show nothing (no text from the URL reaches the page).
    expect((await call(masukLoader as never, get("/masuk?google=<script>"))).json?.googleError).toBeNull();
  });
});
