import { Outlet } from "react-router";
import type { Route } from "./+types/layout";
import { AdminShell } from "~/features/admin/admin-shell.tsx";
import { useRootData } from "~/root.tsx";
import { adminMiddleware } from "~/features/accounts/permissions.server.ts";
import { countUnread, ensureAdminInbox } from "~/features/admin/notifications.server.ts";
import { requireAdmin } from "~/features/accounts/permissions.server.ts";
import { getDb } from "~/lib/db.server.ts";

/** Every page and action under /admin passes the admin gate first (401, 403 or /masuk). */
export const middleware: Route.MiddlewareFunction[] = [adminMiddleware];

export async function loader({ context }: Route.LoaderArgs) {
  const admin = requireAdmin(context);
  const db = await getDb();
  await ensureAdminInbox(db, admin.id);
  return {
    admin: { nama: admin.nama, email: admin.email, photo_url: admin.photo_url },
    unread: await countUnread(db, admin.id),
  };
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const { store } = useRootData();
  return (
    <AdminShell admin={loaderData.admin} unread={loaderData.unread} brand={store.brand}>
      <Outlet />
    </AdminShell>
  );
}
