/**
 * One push to one browser's push service: encrypted and VAPID-signed by `web-push`, sent by our
 * fetch with a time limit (web-push's sender has none), the answer sorted for the queue
 * (docs/decisions/0036-web-push.md).
 */
import type { PushMessage } from "./push-message.ts";
import type { PushTarget } from "./subscriptions.server.ts";
import { vapidDetails } from "./vapid.server.ts";

/** How long a push service may take to answer before the attempt counts as failed. */
export const PUSH_TIMEOUT_MS = 5_000;
/** A new order is news for a few minutes: after that a push service may drop it. */
export const PUSH_TTL_SECONDS = 10 * 60;

export type PushOutcome =
  | { kind: "sent" }
  /** 404 or 410: the browser unsubscribed or the subscription expired. */
  | { kind: "gone"; error: string }
  /** Timeout, no connection, 429 or 5xx: worth another attempt later. */
  | { kind: "retry"; error: string }
  /** Any other answer (a bad request, a key the service refuses): another attempt would fail too. */
  | { kind: "refused"; error: string };

export interface SendOptions {
  timeoutMs?: number;
  /** Pushes with the same topic replace each other while waiting at the push service. */
  topic?: string;
}

export async function sendPush(
  target: PushTarget,
  message: PushMessage,
  options: SendOptions = {},
): Promise<PushOutcome> {
  // Loaded with the first push: a shop without push devices never carries it in memory.
  const { default: webpush } = await import("web-push");
  const request = webpush.generateRequestDetails(
    { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
    JSON.stringify(message),
    {
      vapidDetails: await vapidDetails(),
      TTL: PUSH_TTL_SECONDS,
      urgency: "high",
      contentEncoding: "aes128gcm",
      ...(options.topic ? { topic: options.topic } : {}),
    },
  );
  const headers = Object.fromEntries(
    Object.entries(request.headers)
      .filter(([name]) => name.toLowerCase() !== "content-length")
      .map(([name, value]) => [name, String(value)]),
  );
  let response: Response;
  try {
    response = await fetch(request.endpoint, {
      method: "POST",
      headers,
      body: request.body ? new Uint8Array(request.body) : null,
      redirect: "manual",
      signal: AbortSignal.timeout(options.timeoutMs ?? PUSH_TIMEOUT_MS),
    });
  } catch (error) {
    const reason =
      error instanceof Error && error.name === "TimeoutError" ? "timeout" : (error as Error).message;
    return { kind: "retry", error: reason.slice(0, 200) };
  }
  const detail = `${response.status} ${(await response.text().catch(() => "")).slice(0, 160)}`.trim();
  if (response.status >= 200 && response.status < 300) return { kind: "sent" };
  if (response.status === 404 || response.status === 410) return { kind: "gone", error: detail };
  if (response.status === 429 || response.status >= 500) return { kind: "retry", error: detail };
  return { kind: "refused", error: detail };
}
