import { createAccount, PASSWORD, solveCaptcha, fillLogin, uniqueEmail } from "./auth-helpers.ts";
import { expect, test } from "./support/fixtures.ts";
import { Client, decodeData, SESSION_COOKIE, solvedCaptcha } from "./support/fuzz.ts";

/**
 * Security suite, issue #20: a login's `redirectTo` holding a character past U+00FF made the
 * login without JavaScript answer 500 ("Cannot convert argument to a ByteString") after storing
 * a session whose cookie never left. Every value must now end on this site with a working
 * session: as a plain form POST (no JavaScript), by the data URL a client navigation posts to,
 * and as the page's own script sends it.
 */
const HOSTILE = [
  "/ᅟ//evil",
  "/。evil.test",
  "/\u2028x",
  "//evil",
  "/\\evil",
  "/%2F%2Fevil",
  "/%5C%5Cevil",
  "/%E3%80%82evil.test",
  "%2F%2Fevil",
  "/.//evil",
  "/\t/evil",
  "https://evil.example/",
  `/${"ᅟ".repeat(3000)}`,
  `/${"a".repeat(20_000)}`,
];

/** A path on this site that a Location header can carry. */
const SAME_SITE = /^\/(?![/\\])[\x21-\x7e]{0,2047}$/;

type Way = "form" | "data" | "script";
const WAYS: Record<Way, { path: string; mode?: string }> = {
  // No JavaScript: the browser posts the form and follows the 302.
  form: { path: "/masuk" },
  // A client-side navigation's form post: React Router answers the redirect in the body.
  data: { path: "/masuk.data" },
  // The login page's own script (fetcher, mode=fetch): the target comes back as data.
  script: { path: "/masuk.data", mode: "fetch" },
};

/** Where the answer sends the browser, as the browser reads it. */
function target(way: Way, answer: Awaited<ReturnType<Client["post"]>>): string | undefined {
  if (way === "form") return answer.header("location");
  const decoded = decodeData(answer.text) as Record<string, unknown>;
  if (way === "data") return decoded.redirect as string | undefined;
  return (decoded.data as { redirectTo?: string } | undefined)?.redirectTo;
}

test("every hostile redirectTo, by every way a login is posted: a same-site redirect with a working session, never a 5xx", async ({
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const email = uniqueEmail("arah");
  await createAccount(request, email);
  for (const redirectTo of HOSTILE) {
    for (const way of Object.keys(WAYS) as Way[]) {
      const label = `${way} ${JSON.stringify(redirectTo.slice(0, 30))}`;
      const client = new Client(baseURL!);
      const { path, mode } = WAYS[way];
      const captcha = await solvedCaptcha(client);
      const answer = await client.form(path, {
        email,
        password: PASSWORD,
        captcha,
        redirectTo,
        ...(mode ? { mode } : {}),
      });
      expect(answer.status, `${label}: ${answer.text.slice(0, 200)}`).toBeLessThan(500);
      expect(answer.status, label).toBe(way === "form" ? 302 : way === "data" ? 202 : 200);
      const where = target(way, answer);
      expect(where, label).toMatch(SAME_SITE);
      expect(new URL(where!, baseURL).origin, label).toBe(new URL(baseURL!).origin);
      // The session the login stored came with its cookie, and it works.
      expect(client.session, label).toMatch(/^[\w-]+\.[\w-]+$/);
      // Signed in: the header offers Keluar (pages name nobody, docs/decisions/0019).
      const page = await client.get("/beranda");
      expect(page.text, label).toContain(">Keluar</button>");
      expect(client.cookies.has(SESSION_COOKIE), label).toBe(true);
    }
  }
});

test("in the browser: a login link carrying a hostile redirectTo ends on this site, signed in", async ({
  page,
  baseURL,
  allowConsoleError,
}) => {
  allowConsoleError(/status of 404/);
  const email = uniqueEmail("tautan");
  await createAccount(page.request, email);
  for (const [redirectTo, landing] of [
    // Encoded by the server; the router then folds the double slash of the path.
    ["/ᅟ//evil", "/%E1%85%9F/evil"],
    ["//evil.example", "/beranda"],
    ["/\\evil.example", "/beranda"],
  ] as const) {
    await page.goto(`/masuk?redirectTo=${encodeURIComponent(redirectTo)}`);
    await fillLogin(page, email);
    await solveCaptcha(page);
    await page.getByRole("button", { name: "Masuk", exact: true }).click();
    await expect(page.getByRole("dialog", { name: "Berhasil login!" })).toBeVisible();
    await page.waitForURL((url) => url.pathname === landing);
    expect(new URL(page.url()).origin).toBe(new URL(baseURL!).origin);
    await page.context().clearCookies({ name: SESSION_COOKIE });
  }
});
