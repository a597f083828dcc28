// A request's body held to its URL's limit as it streams in (0015); an unread body is drained, then cut.
import type { IncomingMessage } from "node:http";
import { BodyTooLargeError } from "../app/lib/body-limit.ts";

export const DISCARD_LIMIT = 256 * 1024 * 1024;

// A minor collection every 8 MB of bodies keeps dead socket buffers from piling up; needs --expose-gc (0015).
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
  stream: ReadableStream<Uint8Array> | undefined;
  readonly exceeded: boolean;
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
  const count = (chunk: Buffer) => {
    counted(chunk.byteLength);
    if (!discarding) return;
    dropped += chunk.byteLength;
    if (dropped > DISCARD_LIMIT) request.destroy();
  };

  if (method === "GET" || method === "HEAD") {
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
