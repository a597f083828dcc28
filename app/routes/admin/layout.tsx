import { Outlet } from "react-router";
import type { Route } from "./+types/layout";
import { AdminShell } from "~/components/admin/admin-shell.tsx";
import { useRootData } from "~/root.tsx";
import { adminMiddleware } from "~/utils/admin-access.server.ts";
import { countUnread, ensureAdminInbox } from "~/utils/admin-notifications.server.ts";
import { requireAdmin } from "~/utils/auth.server.ts";
import { getDb } from "~/utils/db.server.ts";

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
