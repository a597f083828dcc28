import { useEffect } from "react";
import { Outlet, useLocation } from "react-router";
import type { Route } from "./+types/layout";
import { AdminShell } from "~/features/admin/admin-shell.tsx";
import { useRootData } from "~/root.tsx";
import { homeOf, pagesFor, ROLE_LABELS } from "~/features/accounts/access.ts";
import { adminMiddleware, requireStaff } from "~/features/accounts/permissions.server.ts";
import { countUnread, ensureAdminInbox } from "~/features/notifications/notifications.server.ts";
import { AdminLiveProvider, useAdminLive } from "~/features/kitchen/live/admin-live.tsx";
import { boardSummary } from "~/features/orders/live.server.ts";
import { useAdminApp } from "~/features/push/use-admin-app.ts";
import { getDb } from "~/lib/db.server.ts";

/** Every page and action under /admin passes the staff gate first (401, 403 or /masuk); then each its role. */
export const middleware: Route.MiddlewareFunction[] = [adminMiddleware];

export async function loader({ context }: Route.LoaderArgs) {
  const admin = requireStaff(context);
  const db = await getDb();
  await ensureAdminInbox(db, admin.id);
  const [unread, orders] = await Promise.all([countUnread(db, admin.id), boardSummary(db)]);
  return {
    admin: {
      nama: admin.nama,
      email: admin.email,
      photo_url: admin.photo_url,
      role: ROLE_LABELS[admin.role],
      device: admin.provider === "perangkat",
    },
    // The menus are the matrix's pages for this role (access.ts): one list for the sidebar and the phone.
    pages: pagesFor(admin.role).map(({ to, label }) => ({ to, label })),
    home: homeOf(admin.role),
    unread,
    newOrders: orders.baru,
    eventId: orders.eventId,
  };
}

export const links: Route.LinksFunction = () => [{ rel: "manifest", href: "/admin/manifest.webmanifest" }];

function useCountInTitle(count: number) {
  const { pathname } = useLocation();
  useEffect(() => {
    const title = document.title.replace(/^\(\d+\+?\) /, "");
    document.title = count > 0 ? `(${count > 99 ? "99+" : count}) ${title}` : title;
  }, [count, pathname]);
}

function Shell({
  loaderData,
  children,
}: {
  loaderData: Route.ComponentProps["loaderData"];
  children: React.ReactNode;
}) {
  const { store } = useRootData();
  const live = useAdminLive();
  const newOrders = live.newOrders ?? loaderData.newOrders;
  useCountInTitle(newOrders);
  return (
    <AdminShell
      admin={loaderData.admin}
      pages={loaderData.pages}
      home={loaderData.home}
      unread={loaderData.unread}
      newOrders={newOrders}
      brand={store.brand}
    >
      {children}
    </AdminShell>
  );
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  useAdminApp();
  return (
    <AdminLiveProvider eventId={loaderData.eventId}>
      <Shell loaderData={loaderData}>
        <Outlet />
      </Shell>
    </AdminLiveProvider>
  );
}
