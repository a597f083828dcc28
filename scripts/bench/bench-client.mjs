// What the benches that drive a production server share: signing an admin in as the login form
// does (ALTCHA solved like the widget), and a page's first-load JavaScript (gzip).
import { solveChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import { firstLoad } from "./first-load.mjs";

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

/** First-load JS of a page (gzip), counted as first-load.mjs counts it. */
export const firstLoadJs = async (base, pathname, cookie) =>
  (await firstLoad(base, pathname, cookie ? { cookie } : {})).jsGzip;
