/**
 * Helpers of the Web Push integration tests: an admin, a device of theirs subscribed to the fake
 * push service, and time moving on for the queue (every stored moment shifted back).
 */
import { sql } from "drizzle-orm";
import type { Database } from "../../database/client.server.ts";
import { orders, pushDeliveries, pushSubscriptions } from "../../database/schema.ts";
import { savePushSubscription } from "../../app/features/push/subscriptions.server.ts";
import type { FakePushService, FakeSubscription } from "./fake-push-service.ts";

export const ANDROID_CHROME =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36";

/** Subscribes `name` on the fake service for `adminId`, as the settings page does. */
export async function subscribe(
  db: Database,
  service: FakePushService,
  adminId: string,
  name: string,
): Promise<FakeSubscription> {
  const subscription = service.subscription(name);
  const saved = await savePushSubscription(db, adminId, subscription, ANDROID_CHROME);
  if (!saved.ok) throw new Error(saved.message);
  return subscription;
}

/** `minutes` pass for the push queue: every order, push and subscription moment moves back. */
export async function minutesPass(db: Database, minutes: number) {
  const back = sql`make_interval(secs => ${minutes * 60})`;
  await db.update(orders).set({ created_at: sql`${orders.created_at} - ${back}` });
  await db.update(pushSubscriptions).set({ created_at: sql`${pushSubscriptions.created_at} - ${back}` });
  await db.update(pushDeliveries).set({
    created_at: sql`${pushDeliveries.created_at} - ${back}`,
    sent_at: sql`${pushDeliveries.sent_at} - ${back}`,
    due_at: sql`${pushDeliveries.due_at} - ${back}`,
    claimed_until: sql`${pushDeliveries.claimed_until} - ${back}`,
  });
}

/** A clean slate between tests: no device, no order waiting. */
export async function resetPushes(db: Database, service: FakePushService) {
  await db.delete(pushSubscriptions);
  await db
    .update(orders)
    .set({ status: "selesai" })
    .where(sql`${orders.status} = 'baru'`);
  service.received.length = 0;
  service.answerWith(201);
}

export interface PushPayload {
  title: string;
  body: string;
  url: string;
  tag: string;
}

export const readPush = (subscription: FakeSubscription, body: Buffer) =>
  JSON.parse(subscription.decrypt(body)) as PushPayload;
