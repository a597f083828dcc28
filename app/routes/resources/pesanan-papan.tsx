import { data } from "react-router";
import type { Route } from "./+types/pesanan-papan";
import { requireAccess } from "~/features/accounts/permissions.server.ts";
import { openBoardStream } from "~/features/orders/live.server.ts";
import { NOT_AN_EVENT_SOURCE, wantsEventStream } from "~/lib/event-stream.server.ts";

// The board's live connection: `halo` first, then `pesanan` for every order change on any app server.
// Every role that sees the board, checked here (access.ts): the route sits outside the admin layout. The
// stream carries counts and codes only, so the kitchen's is the same; it is its owner's (end-access.server.ts).
export function loader({ request, context }: Route.LoaderArgs) {
  const user = requireAccess(context, "/admin/pesanan/langsung");
  if (!wantsEventStream(request)) throw data(NOT_AN_EVENT_SOURCE, { status: 406 });
  return openBoardStream(request, user.id);
}
