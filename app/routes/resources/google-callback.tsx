import { redirect } from "react-router";
import type { Route } from "./+types/google-callback";
import { endSession, startSession } from "~/features/accounts/auth.server.ts";
import { mergeGuestCart } from "~/features/cart/cart.server.ts";
import { readCartOwner } from "~/features/cart/cart-owner.server.ts";
import { getDb } from "~/lib/db.server.ts";
import { finishGoogleSignIn } from "~/features/accounts/google.server.ts";
import { rememberDevice } from "~/features/accounts/known-device.server.ts";
import { getOrigin } from "~/features/store/settings.server.ts";
import { signInWithGoogle } from "~/features/accounts/users.server.ts";

/**
 * GET /auth/google/callback: the provider sends the browser back here. On success a new session
 * starts and /masuk shows "Berhasil login!" before moving on; on failure /masuk shows why under
 * the form (`?google=<code>`, a fixed list of messages).
 */
export async function loader({ request, url, context }: Route.LoaderArgs) {
  const result = await finishGoogleSignIn(request, url, getOrigin(request));
  const headers = new Headers({ "Cache-Control": "no-store" });
  headers.append("Set-Cookie", result.clearCookie);
  if (!result.ok) return redirect(`/masuk?google=${result.error}`, { headers });

  const db = await getDb();
  const account = await signInWithGoogle(db, result.identity);
  if (!account.ok) return redirect(`/masuk?google=${account.reason}`, { headers });

  // The answer is decided before the session exists (see login.server.ts).
  const next = new URLSearchParams({ google: "ok", redirectTo: result.redirectTo });
  // This browser is now one the account signed in on (password logins here are throttled apart).
  headers.append("Set-Cookie", await rememberDevice(request, account.user.email));
  // What this browser put in its cart before signing in joins the account's cart.
  const cartCookie = await mergeGuestCart(db, readCartOwner(request, null), account.user.id);
  if (cartCookie) headers.append("Set-Cookie", cartCookie);
  // A login always starts a new session; one this browser still held is ended first.
  await endSession(db, context);
  headers.append("Set-Cookie", await startSession(db, account.user.id));
  return redirect(`/masuk?${next}`, { headers });
}
