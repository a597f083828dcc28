import type { Route } from "./+types/notifikasi-push";
import { WRITE } from "~/features/accounts/access.ts";
import { requireAccess } from "~/features/accounts/permissions.server.ts";
import { pushAction } from "~/features/push/push-actions.server.ts";
import type { PushOverview } from "~/features/push/push-answer.ts";
import { getPushRepeats } from "~/features/push/push-repeats.server.ts";
import { listPushDevices } from "~/features/push/subscriptions.server.ts";
import { subjectMissing, vapidDetails } from "~/features/push/vapid.server.ts";
import { getDb } from "~/lib/db.server.ts";
import { readForm } from "~/lib/form.server.ts";

// Web Push on the admin's devices (0036); admins only, checked here: the route sits outside the admin layout.
export async function loader({ context }: Route.LoaderArgs): Promise<PushOverview> {
  const admin = requireAccess(context, "/admin/notifikasi-push");
  const db = await getDb();
  const [{ publicKey }, devices, repeats] = await Promise.all([
    vapidDetails(),
    listPushDevices(db, admin.id),
    getPushRepeats(db),
  ]);
  return {
    publicKey,
    devices: devices.map((device) => ({ ...device, since: device.since.toISOString() })),
    repeats,
    subjectMissing: subjectMissing(),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = requireAccess(context, "/admin/notifikasi-push", WRITE);
  const form = await readForm(request);
  return pushAction(await getDb(), admin, form, request.headers.get("user-agent"));
}
