import type { Route } from "./+types/pesanan-langsung";
import { requireAdmin } from "~/features/accounts/permissions.server.ts";
import { watchBoard } from "~/features/orders/live.server.ts";
import { eventStreamResponse } from "~/lib/event-stream.server.ts";

/**
 * GET /admin/pesanan/langsung: the staff board's live connection (server-sent events). It opens
 * with `halo` (the count of new orders and the id of the last change) and then sends `pesanan`
 * for every order recorded or changed on any app server (app/features/orders/live.server.ts).
 */
export function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(context);
  return eventStreamResponse(request, (stream) => watchBoard(stream));
}
