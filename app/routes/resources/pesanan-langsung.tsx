import { data } from "react-router";
import type { Route } from "./+types/pesanan-langsung";
import { getOptionalUser } from "~/features/accounts/auth.server.ts";
import { openOrderStream, watchableOrder } from "~/features/orders/live.server.ts";
import { loadLiveState } from "~/features/order-pages/order-page-data.server.ts";
import { normalizeOrderCode } from "~/features/orders/order-code.ts";
import { readViewCookie } from "~/features/orders/order-view.server.ts";
import { NOT_AN_EVENT_SOURCE, wantsEventStream } from "~/lib/event-stream.server.ts";

// An order page's live connection, for whoever may see the order; each (re)connect and change sends the
// whole state as a `status` event. Anyone else gets the order page's one 404.
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const code = normalizeOrderCode(params.kode);
  const userId = getOptionalUser(context)?.id ?? null;
  const access = await watchableOrder(code, { token: readViewCookie(request, code), userId });
  if (!access)
    throw data("Pesanan tidak ditemukan.", { status: 404, headers: { "Cache-Control": "no-store" } });
  if (!wantsEventStream(request)) throw data(NOT_AN_EVENT_SOURCE, { status: 406 });
  return openOrderStream(request, code, access, loadLiveState, userId ?? undefined);
}
