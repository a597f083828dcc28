// What the benches that drive a production server share: signing an admin in as the login form
// does (ALTCHA solved like the widget), and a page's first-load JavaScript (gzip).
import { gzipSync } from "node:zlib";
import { solveChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import { scriptsOfPage } from "../../app/lib/deferred-hydration.server.ts";

const cookiesOf = (response) => response.headers.getSetCookie().map((cookie) => cookie.split(";")[0]);

/** Registers `email` (in the server's ADMIN_EMAILS) and signs it in; the session cookie. */
export async function signInAdmin(base, email, password, nama = "Admin Bench") {
  const form = (values) => new URLSearchParams({ mode: "fetch", ...values });
  await fetch(`${base}/daftar`, {
    method: "POST",
    body: form({ nama, email, password, confirmPassword: password }),
  });
  const challenge = await (await fetch(`${base}/captcha/altcha`)).json();
  const solution = await solveChallenge({ challenge, deriveKey });
  const captcha = Buffer.from(
    JSON.stringify({ challenge, solution: { counter: solution.counter, derivedKey: solution.derivedKey } }),
  ).toString("base64");
  const response = await fetch(`${base}/masuk`, {
    method: "POST",
    body: form({ email, password, captcha }),
  });
  return cookiesOf(response).find((cookie) => /nyala_session=./.test(cookie));
}

/** First-load JS of a page (gzip): its scripts and the ones its starter adds after the first paint. */
export async function firstLoadJs(base, pathname, cookie) {
  const html = await (await fetch(`${base}${pathname}`, { headers: cookie ? { cookie } : {} })).text();
  const scripts = new Set();
  for (const match of html.matchAll(/<(script|link)\b[^>]*>/g)) {
    const src = /\b(?:src|href)="([^"]+)"/.exec(match[0])?.[1];
    if (src?.startsWith("/") && (match[0].startsWith("<script") || /rel="modulepreload"/.test(match[0])))
      scripts.add(src);
  }
  for (const src of scriptsOfPage(html)) scripts.add(src);
  let total = 0;
  for (const src of scripts)
    total += gzipSync(Buffer.from(await (await fetch(`${base}${src}`)).arrayBuffer()), { level: 6 }).length;
  return total;
}
