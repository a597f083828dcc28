// POST /admin/notifikasi-push by `intent`; the route has checked that the actor is an admin.
import { data } from "react-router";
import type { Database } from "../../../database/client.server.ts";
import { UNKNOWN_REQUEST } from "../../lib/form-action.server.ts";
import type { SessionUser } from "../accounts/auth.server.ts";
import type { PushAnswer } from "./push-answer.ts";
import { TEST_PUSH_MESSAGE } from "./push-message.ts";
import { savePushRepeats } from "./push-repeats.server.ts";
import { pushPool } from "./push-pool.server.ts";
import { sendPush } from "./send-push.server.ts";
import { SUBJECT_REQUIRED } from "./vapid.server.ts";
import {
  findAdminDevice,
  forgetSubscription,
  removePushSubscription,
  savePushSubscription,
} from "./subscriptions.server.ts";

const answer = (
  intent: string,
  ok: boolean,
  message: string,
  status = 200,
  fieldErrors?: Record<string, string>,
) => data<PushAnswer>({ ok, message, intent, ...(fieldErrors ? { fieldErrors } : {}) }, { status });

const field = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : undefined;
};

export async function pushAction(db: Database, admin: SessionUser, form: FormData, userAgent: string | null) {
  const intent = field(form, "intent") ?? "";
  const endpoint = field(form, "endpoint") ?? "";
  if (intent === "nyalakan") {
    const saved = await savePushSubscription(
      db,
      admin.id,
      { endpoint, p256dh: field(form, "p256dh"), auth: field(form, "auth") },
      userAgent,
    );
    return saved.ok
      ? answer(intent, true, "Push aktif di perangkat ini.")
      : answer(intent, false, saved.message, saved.status);
  }
  if (intent === "matikan") {
    await removePushSubscription(db, admin.id, endpoint);
    return answer(intent, true, "Push dimatikan di perangkat ini.");
  }
  if (intent === "uji") {
    const device = await findAdminDevice(db, admin.id, endpoint);
    if (!device) return answer(intent, false, "Perangkat ini belum menerima push. Nyalakan dulu.", 404);
    // Through the pool: a push service it has paused is not tried again from here either.
    const result = await pushPool().run(new URL(device.endpoint).origin, (signal) =>
      sendPush(device, TEST_PUSH_MESSAGE, { signal }),
    );
    const outcome = result.kind === "done" ? result.outcome : null;
    if (outcome?.kind === "sent")
      return answer(intent, true, "Push uji dikirim. Notifikasinya muncul sebentar lagi.");
    if (outcome?.kind === "refused" && outcome.error === SUBJECT_REQUIRED)
      return answer(intent, false, SUBJECT_REQUIRED, 409);
    if (outcome?.kind === "gone") {
      await forgetSubscription(db, device.id);
      return answer(intent, false, "Langganan perangkat ini sudah tidak berlaku. Nyalakan push lagi.", 409);
    }
    return answer(intent, false, "Layanan push tidak bisa dihubungi sekarang. Coba lagi sebentar lagi.", 502);
  }
  if (intent === "ulangan") {
    const saved = await savePushRepeats(db, admin, { ulangan: field(form, "ulangan") });
    return saved.ok
      ? answer(
          intent,
          true,
          saved.value === 0
            ? "Pengingat push dimatikan."
            : `Pengingat push disimpan: paling banyak ${saved.value}×.`,
        )
      : answer(intent, false, saved.message, saved.status, saved.fieldErrors);
  }
  return answer(intent, false, UNKNOWN_REQUEST, 400);
}
