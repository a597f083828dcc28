import { data } from "react-router";
import type { Route } from "./+types/pesanan-papan";
import { requireAdmin } from "~/features/accounts/permissions.server.ts";
import { openBoardStream } from "~/features/orders/live.server.ts";
import { NOT_AN_EVENT_SOURCE, wantsEventStream } from "~/lib/event-stream.server.ts";

// The board's live connection: `halo` first, then `pesanan` for every order change on any app server.
// Admins only, checked here: the route sits outside the admin layout.
export function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(context);
  if (!wantsEventStream(request)) throw data(NOT_AN_EVENT_SOURCE, { status: 406 });
  return openBoardStream(request);
}
