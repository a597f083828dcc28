// One push to one browser's push service (0036, 0047, 0048), posted only to addresses
// push-endpoint.server.ts passes, checked again here: a name can change.
import http from "node:http";
import https from "node:https";
import { checkedLookup, endpointFormProblem } from "./push-endpoint.server.ts";
import type { PushMessage } from "./push-message.ts";
import type { PushTarget } from "./subscriptions.server.ts";
import { SUBJECT_REQUIRED, vapidDetails } from "./vapid.server.ts";

export const PUSH_TIMEOUT_MS = 5_000;
export const PUSH_TTL_SECONDS = 10 * 60;
export const PER_HOST_CONNECTIONS = 4;

export type PushOutcome =
  | { kind: "sent" }
  // gone: 404 or 410; retry: timeout, no connection, 429 or 5xx; refused: any other answer.
  | { kind: "gone"; error: string }
  | { kind: "retry"; error: string; retryAfterS?: number }
  | { kind: "refused"; error: string };

export interface SendOptions {
  timeoutMs?: number;
  /** Pushes with the same topic replace each other while waiting at the push service. */
  topic?: string;
  signal?: AbortSignal;
}

const agentOptions = {
  keepAlive: true,
  maxSockets: PER_HOST_CONNECTIONS,
  maxFreeSockets: 2,
  timeout: 30_000,
};
const agents = { https: new https.Agent(agentOptions), http: new http.Agent(agentOptions) };

interface Answer {
  status: number;
  detail: string;
  retryAfter: string | undefined;
}

function post(endpoint: URL, headers: Record<string, string>, body: Buffer, options: SendOptions) {
  return new Promise<Answer>((resolve, reject) => {
    const secure = endpoint.protocol === "https:";
    const request = (secure ? https : http).request(endpoint, {
      method: "POST",
      headers: { ...headers, "content-length": String(body.length) },
      agent: secure ? agents.https : agents.http,
      lookup: checkedLookup,
    });
    let answer: Answer | null = null;
    let settled = false;
    const finish = (error?: Error) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      options.signal?.removeEventListener("abort", abort);
      if (answer) resolve(answer);
      else reject(error ?? new Error("no answer"));
    };
    const timer = setTimeout(() => {
      request.destroy(new Error("timeout"));
    }, options.timeoutMs ?? PUSH_TIMEOUT_MS);
    const abort = () => request.destroy(new Error("server berhenti"));
    options.signal?.addEventListener("abort", abort, { once: true });
    request.once("error", (error) => finish(error));
    request.once("response", (response) => {
      answer = { status: response.statusCode ?? 0, detail: "", retryAfter: response.headers["retry-after"] };
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => {
        if (answer!.detail.length < 160) answer!.detail += chunk;
      });
      // A long or endless body is not waited for past the time limit: the status is known.
      response.once("end", () => finish());
      response.once("error", () => finish());
      response.once("close", () => finish());
    });
    request.end(body);
  });
}

const seconds = (value: string | undefined) => {
  const parsed = Number(value);
  return Number.isFinite(parsed) && parsed > 0 ? Math.min(parsed, 600) : undefined;
};

export async function sendPush(
  target: PushTarget,
  message: PushMessage,
  options: SendOptions = {},
): Promise<PushOutcome> {
  if (endpointFormProblem(target.endpoint)) return { kind: "refused", error: "bukan layanan push" };
  const vapid = await vapidDetails();
  if (!vapid.subject) return { kind: "refused", error: SUBJECT_REQUIRED };
  // Loaded with the first push: a shop without push devices never carries it in memory.
  const { default: webpush } = await import("web-push");
  let request: ReturnType<typeof webpush.generateRequestDetails>;
  try {
    request = webpush.generateRequestDetails(
      { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
      JSON.stringify(message),
      {
        vapidDetails: { ...vapid, subject: vapid.subject },
        TTL: PUSH_TTL_SECONDS,
        urgency: "high",
        contentEncoding: "aes128gcm",
        ...(options.topic ? { topic: options.topic } : {}),
      },
    );
  } catch (error) {
    // A key stored before keys were checked on the curve: the subscription can never work.
    return { kind: "gone", error: `kunci langganan: ${(error as Error).message}`.slice(0, 200) };
  }
  const headers = Object.fromEntries(
    Object.entries(request.headers)
      .filter(([name]) => name.toLowerCase() !== "content-length")
      .map(([name, value]) => [name, String(value)]),
  );
  let answer: Answer;
  try {
    answer = await post(new URL(request.endpoint), headers, Buffer.from(request.body ?? ""), options);
  } catch (error) {
    const { message, code } = error as NodeJS.ErrnoException;
    const reason = code === "EPUSHADDRESS" ? `alamat ditolak: ${message}` : message;
    return { kind: "retry", error: reason.slice(0, 200) };
  }
  const detail = `${answer.status} ${answer.detail.slice(0, 160)}`.trim();
  if (answer.status >= 200 && answer.status < 300) return { kind: "sent" };
  if (answer.status === 404 || answer.status === 410) return { kind: "gone", error: detail };
  if (answer.status === 429) {
    const retryAfterS = seconds(answer.retryAfter);
    return { kind: "retry", error: detail, ...(retryAfterS ? { retryAfterS } : {}) };
  }
  if (answer.status >= 500) return { kind: "retry", error: detail };
  return { kind: "refused", error: detail };
}
