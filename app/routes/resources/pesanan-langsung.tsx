import { data } from "react-router";
import type { Route } from "./+types/pesanan-langsung";
import { getOptionalUser } from "~/features/accounts/auth.server.ts";
import { openOrderStream, watchableOrder } from "~/features/orders/live.server.ts";
import { loadLiveState } from "~/features/order-pages/order-page-data.server.ts";
import { normalizeOrderCode } from "~/features/orders/order-code.ts";
import { readViewCookie } from "~/features/orders/order-view.server.ts";
import { NOT_AN_EVENT_SOURCE, wantsEventStream } from "~/lib/event-stream.server.ts";

/**
 * GET /pesanan/<code>/langsung: an open order page's live connection (server-sent events), for
 * whoever may see the order (the cookie its link left, or the account that placed it). Every
 * (re)connect starts with the order's whole state as a `status` event; each change sends it again,
 * with the id of its last status change (app/features/orders/live.server.ts). Anyone else gets
 * the order page's one 404.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const code = normalizeOrderCode(params.kode);
  const access = await watchableOrder(code, {
    token: readViewCookie(request, code),
    userId: getOptionalUser(context)?.id ?? null,
  });
  if (!access)
    throw data("Pesanan tidak ditemukan.", { status: 404, headers: { "Cache-Control": "no-store" } });
  if (!wantsEventStream(request)) throw data(NOT_AN_EVENT_SOURCE, { status: 406 });
  return openOrderStream(request, code, access, loadLiveState);
}
