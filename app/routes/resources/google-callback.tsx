import { redirect } from "react-router";
import type { Route } from "./+types/google-callback";
import { mergeGuestCart } from "~/features/cart/cart.server.ts";
import { readCartOwner } from "~/features/cart/cart-owner.server.ts";
import { getDb } from "~/lib/db.server.ts";
import { finishGoogleSignIn } from "~/features/accounts/google.server.ts";
import { signInCookies } from "~/features/accounts/sign-in.server.ts";
import { getOrigin } from "~/features/store/settings.server.ts";
import { signInWithGoogle } from "~/features/accounts/google-accounts.server.ts";

// On failure /masuk shows why (`?google=<code>`, a fixed list of messages).
export async function loader({ request, url, context }: Route.LoaderArgs) {
  const result = await finishGoogleSignIn(request, url, getOrigin(request));
  const headers = new Headers({ "Cache-Control": "no-store" });
  headers.append("Set-Cookie", result.clearCookie);
  if (!result.ok) return redirect(`/masuk?google=${result.error}`, { headers });

  const db = await getDb();
  const account = await signInWithGoogle(db, result.identity);
  if (!account.ok) return redirect(`/masuk?google=${account.reason}`, { headers });

  // The answer is decided before the session exists (see login.server.ts).
  const next = new URLSearchParams({
    google: account.passwordRemoved ? "ok-tanpa-sandi" : "ok",
    redirectTo: result.redirectTo,
  });
  const cartCookie = await mergeGuestCart(db, readCartOwner(request, null), account.user.id);
  if (cartCookie) headers.append("Set-Cookie", cartCookie);
  for (const cookie of await signInCookies(db, request, context, account.user))
    headers.append("Set-Cookie", cookie);
  return redirect(`/masuk?${next}`, { headers });
}
