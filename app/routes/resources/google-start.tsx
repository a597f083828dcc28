import { redirect } from "react-router";
import type { Route } from "./+types/google-start";
import { isGoogleEnabled, startGoogleSignIn } from "~/features/accounts/google.server.ts";
import { safeRedirect } from "~/lib/redirect.ts";
import { getOrigin } from "~/features/store/settings.server.ts";

// A plain link from the login page, so the redirect to the provider is a normal navigation.
export async function loader({ request, url }: Route.LoaderArgs) {
  if (!isGoogleEnabled()) throw redirect("/masuk");
  const redirectTo = safeRedirect(url.searchParams.get("redirectTo"), "/beranda");
  try {
    const { url: providerUrl, cookie } = await startGoogleSignIn(getOrigin(request), redirectTo);
    return redirect(providerUrl, { headers: { "Set-Cookie": cookie, "Cache-Control": "no-store" } });
  } catch (error) {
    console.error("Login Google tidak bisa dimulai:", error instanceof Error ? error.message : error);
    return redirect("/masuk?google=provider");
  }
}
