import { data } from "react-router";
import type { Route } from "./+types/pesanan-papan";
import { requireAdmin } from "~/features/accounts/permissions.server.ts";
import { openBoardStream } from "~/features/orders/live.server.ts";
import { NOT_AN_EVENT_SOURCE, wantsEventStream } from "~/lib/event-stream.server.ts";

/**
 * GET /admin/pesanan/langsung: the staff board's live connection (server-sent events). It opens
 * with `halo` (the count of new orders and the id of the last change) and then sends `pesanan`
 * for every order recorded or changed on any app server (app/features/orders/live.server.ts).
 * Admins only (checked here: the route sits outside the admin layout, as it has no page).
 */
export function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(context);
  if (!wantsEventStream(request)) throw data(NOT_AN_EVENT_SOURCE, { status: 406 });
  return openBoardStream(request);
}
