// Open request bodies and event streams counted per client address and in total before React Router (0030):
// past a limit 429 or 503 with Retry-After, a trickling body 408.
import type { IncomingMessage, ServerResponse } from "node:http";
import { bodyLimitFor } from "../app/lib/body-limit.ts";
import { clientAddressFrom, trustProxyHops } from "../app/lib/client-address.ts";
import { OpenCount, type OpenLimits } from "./open-count.ts";
import { SERVER_ANSWERS, sendServerAnswer } from "./server-answers.ts";

const CHECK_EVERY_MS = 1_000;
const ARRIVAL_WAIT_MS = 50;

export interface BudgetSettings {
  bodies: OpenLimits;
  streams: OpenLimits;
  bodyGraceMs: number;
  bodyMinBytesPerSecond: number;
  trustProxy: number;
}

const setting = (value: string | undefined, fallback: number) => {
  const number = Number(value?.trim() || fallback);
  return Number.isInteger(number) && number > 0 ? number : fallback;
};

// The README's settings table lists the same names and defaults.
export function budgetSettings(env: NodeJS.ProcessEnv = process.env): BudgetSettings {
  const hops = trustProxyHops(env.TRUST_PROXY?.trim());
  return {
    bodies: {
      perAddress: setting(env.OPEN_BODIES_PER_ADDRESS, 8),
      total: setting(env.OPEN_BODIES_TOTAL, 128),
      totalWeight: setting(env.OPEN_BODIES_MB, 32) * 1024 * 1024,
    },
    streams: {
      perAddress: setting(env.OPEN_STREAMS_PER_ADDRESS, 32),
      total: setting(env.OPEN_STREAMS_TOTAL, 3000),
    },
    bodyGraceMs: 10_000,
    bodyMinBytesPerSecond: setting(env.BODY_MIN_BYTES_PER_SECOND, 500),
    trustProxy: Number.isInteger(hops) && hops >= 0 && hops <= 10 ? hops : 0,
  };
}

interface OpenBody {
  request: IncomingMessage;
  response: ServerResponse;
  bytesAtStart: number;
  startedAt: number;
}

export const isEventStream = (request: IncomingMessage) =>
  request.method === "GET" && (request.headers.accept ?? "").includes("text/event-stream");

const hasBody = (request: IncomingMessage) =>
  request.headers["transfer-encoding"] !== undefined || Number(request.headers["content-length"]) > 0;

export interface ConnectionBudget {
  admit(request: IncomingMessage, response: ServerResponse, proceed: () => void): void;
  counts(): { bodies: number; bodyBytes: number; streams: number };
  endStreams(): void;
  stop(): void;
}

export function createConnectionBudget(settings: BudgetSettings): ConnectionBudget {
  const bodies = new OpenCount<OpenBody>(
    settings.bodies,
    ({ request }) => !request.complete && !request.destroyed,
  );
  const streams = new OpenCount<ServerResponse>(settings.streams);
  let timer: ReturnType<typeof setInterval> | undefined;

  function tooSlow(body: OpenBody) {
    bodies.release(body);
    // An answer already given: the rest was being read and dropped; the connection just ends.
    if (body.response.headersSent) body.request.destroy();
    else sendServerAnswer(body.request, body.response, SERVER_ANSWERS.bodyTooSlow);
  }

  function check() {
    const now = performance.now();
    for (const body of bodies.entries()) {
      const { request } = body;
      if (request.complete || request.destroyed) {
        bodies.release(body);
        continue;
      }
      const received = (request.socket?.bytesRead ?? body.bytesAtStart) - body.bytesAtStart;
      if (now - body.startedAt > settings.bodyGraceMs + (received / settings.bodyMinBytesPerSecond) * 1000)
        tooSlow(body);
    }
    if (bodies.size === 0) {
      clearInterval(timer);
      timer = undefined;
    }
  }

  function streamClosed(this: ServerResponse) {
    streams.release(this);
  }

  function admitBody(request: IncomingMessage, response: ServerResponse, address: string) {
    const body: OpenBody = {
      request,
      response,
      bytesAtStart: request.socket.bytesRead,
      startedAt: performance.now(),
    };
    const declared = Number(request.headers["content-length"]);
    const limit = bodyLimitFor((request.url ?? "/").split("?")[0]!);
    const refused = bodies.admit(address, body, declared > 0 ? Math.min(declared, limit) : limit);
    if (refused) return refused;
    response.once("close", () => bodies.release(body));
    timer ??= setInterval(check, CHECK_EVERY_MS).unref();
    return null;
  }

  return {
    admit(request, response, proceed) {
      const stream = isEventStream(request);
      if (!stream && !hasBody(request)) return proceed();
      const forwarded = request.headers["x-forwarded-for"];
      const address = clientAddressFrom(
        request.socket.remoteAddress,
        Array.isArray(forwarded) ? forwarded.join(",") : forwarded,
        settings.trustProxy,
      );
      if (stream) {
        const refused = streams.admit(address, response);
        if (refused)
          return sendServerAnswer(
            request,
            response,
            refused === "address" ? SERVER_ANSWERS.streamsPerAddress : SERVER_ANSWERS.streamsTotal,
          );
        response.once("close", streamClosed);
        return proceed();
      }
      if (!admitBody(request, response, address)) return proceed();
      // The budget is full: a small form usually arrives with its headers and costs nothing to wait for.
      setTimeout(() => {
        if (request.destroyed) return;
        if (request.complete) return proceed();
        const refused = admitBody(request, response, address);
        if (!refused) return proceed();
        sendServerAnswer(
          request,
          response,
          refused === "address" ? SERVER_ANSWERS.bodiesPerAddress : SERVER_ANSWERS.bodiesTotal,
        );
      }, ARRIVAL_WAIT_MS);
    },
    counts: () => ({ bodies: bodies.size, bodyBytes: bodies.totalWeight, streams: streams.size }),
    endStreams() {
      for (const response of streams.entries()) response.destroy();
    },
    stop() {
      clearInterval(timer);
      timer = undefined;
    },
  };
}
