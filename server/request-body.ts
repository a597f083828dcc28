/**
 * A request's body held to its URL's limit (app/lib/body-limit.ts) as it streams in: past it the
 * stream fails with BodyTooLargeError (docs/decisions/0015-one-server-process.md). An unread body
 * is drained after the answer up to DISCARD_LIMIT, then the connection is cut.
 */
import type { IncomingMessage } from "node:http";
import { BodyTooLargeError } from "../app/lib/body-limit.ts";

export const DISCARD_LIMIT = 256 * 1024 * 1024;

/**
 * Node reads a socket into a new 64 KB buffer each time, and a dead buffer is freed only when V8
 * collects garbage, which external memory triggers after about 64 MB: a fast 150 MB body left
 * about 75 MB more RSS behind. A minor collection (a millisecond) every 8 MB of bodies keeps that
 * near 25 MB. Needs `--expose-gc` (scripts/serve.sh); without it nothing is collected early.
 * docs/decisions/0015-one-server-process.md has the measurements.
 */
const COLLECT_EVERY_BYTES = 8 * 1024 * 1024;
let receivedSinceCollect = 0;
const collect = (globalThis as { gc?: (options: { type: "minor" }) => void }).gc;

function counted(bytes: number) {
  receivedSinceCollect += bytes;
  if (receivedSinceCollect < COLLECT_EVERY_BYTES) return;
  receivedSinceCollect = 0;
  collect?.({ type: "minor" });
}

export interface GuardedBody {
  /** The body for `new Request` (undefined for GET and HEAD). */
  stream: ReadableStream<Uint8Array> | undefined;
  /** Whether the client declared or sent more than the limit. */
  readonly exceeded: boolean;
  /** Reads and drops what is left of the body (call once the answer is sent). */
  discardRest(): void;
}

export function guardBody(request: IncomingMessage, limit: number): GuardedBody {
  const method = request.method ?? "GET";
  let exceeded = false;
  let discarding = false;
  let dropped = 0;

  const discard = () => {
    if (discarding || request.complete || request.destroyed) return;
    discarding = true;
    request.resume();
  };
  // Counts every chunk, and what is dropped; the app's stream below ignores chunks once discarding.
  const count = (chunk: Buffer) => {
    counted(chunk.byteLength);
    if (!discarding) return;
    dropped += chunk.byteLength;
    if (dropped > DISCARD_LIMIT) request.destroy();
  };

  if (method === "GET" || method === "HEAD") {
    // Nothing to read on an ordinary GET (an event stream keeps its request for hours): no listener.
    if (request.headers["transfer-encoding"] !== undefined || Number(request.headers["content-length"]) > 0) {
      discarding = true;
      request.on("data", count);
    }
    request.resume();
    return { stream: undefined, exceeded: false, discardRest: discard };
  }
  request.on("data", count);

  const declared = Number(request.headers["content-length"]);
  let received = 0;
  let settled = false;
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      const fail = (error: Error) => {
        if (settled) return;
        settled = true;
        controller.error(error);
      };
      const tooLarge = () => {
        exceeded = true;
        fail(new BodyTooLargeError(limit));
        discard();
      };
      if (declared > limit) return tooLarge();
      request.on("data", (chunk: Buffer) => {
        // Once the rest is being dropped, nobody reads this stream: pausing would stall the socket.
        if (settled || discarding) return;
        received += chunk.byteLength;
        if (received > limit) return tooLarge();
        controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
        if ((controller.desiredSize ?? 0) <= 0) request.pause();
      });
      request.once("end", () => {
        if (settled) return;
        settled = true;
        controller.close();
      });
      request.once("error", fail);
      request.once("close", () => {
        if (!request.complete) fail(new Error("the client went away"));
      });
    },
    pull() {
      if (!discarding) request.resume();
    },
    cancel() {
      settled = true;
      discard();
    },
  });
  // Nothing is read until the app asks (pull), unless the body was refused before any was read.
  if (!discarding) request.pause();

  return {
    stream,
    get exceeded() {
      return exceeded;
    },
    discardRest: discard,
  };
}
