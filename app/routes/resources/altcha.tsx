import { data } from "react-router";
import { createAltchaChallenge, getCaptchaConfig } from "~/features/accounts/captcha.server.ts";

// A fresh signed ALTCHA challenge; never cached, as every challenge is single-use.
export async function loader() {
  if (getCaptchaConfig().kind !== "altcha") throw data("Tidak ditemukan", { status: 404 });
  return Response.json(await createAltchaChallenge(), {
    headers: { "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff" },
  });
}
