import { data } from "react-router";
import { createAltchaChallenge, getCaptchaConfig } from "~/features/accounts/captcha.server.ts";

/**
 * GET /captcha/altcha: a fresh signed proof-of-work challenge for the login form's ALTCHA widget.
 * Never cached: every challenge is single-use.
 */
export async function loader() {
  if (getCaptchaConfig().kind !== "altcha") throw data("Tidak ditemukan", { status: 404 });
  return Response.json(await createAltchaChallenge(), {
    headers: { "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff" },
  });
}
