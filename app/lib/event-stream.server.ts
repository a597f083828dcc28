/**
 * Server-sent events (`text/event-stream`) for live pages: one small HTTP response per watcher
 * that stays open. The browser's EventSource reconnects by itself after a drop; the caller sends
 * the whole current state on every (re)connect, so a watcher never depends on events it missed.
 *
 * - `Cache-Control: no-store, no-transform`: no cache keeps it, and the server's compression
 *   leaves it alone (a gzip stream per connection would cost ~300 KB each and hold events back).
 * - One timer for all streams sends a comment every HEARTBEAT_MS, so proxies keep idle streams
 *   open and a dead connection is noticed.
 * - A watcher that does not read (its queue past MAX_QUEUED_BYTES) is closed instead of growing
 *   the server's memory; its EventSource reconnects and gets the current state.
 */
const HEARTBEAT_MS = 20_000;
/** What EventSource waits before reconnecting (the `retry` field). */
const RETRY_MS = 2_000;
const MAX_QUEUED_BYTES = 256 * 1024;

export interface EventStream {
  /** Sends one event; false when the stream is closed (the watcher left). */
  send(event: string, data: string, id?: string | number): boolean;
  close(): void;
  readonly closed: boolean;
}

const open = new Set<{ beat(): void }>();
let heartbeat: ReturnType<typeof setInterval> | undefined;
const encoder = new TextEncoder();

function startHeartbeat() {
  if (heartbeat) return;
  heartbeat = setInterval(() => {
    for (const stream of open) stream.beat();
    if (open.size === 0) {
      clearInterval(heartbeat);
      heartbeat = undefined;
    }
  }, HEARTBEAT_MS);
  heartbeat.unref();
}

/**
 * Whether the request is an EventSource's (it always asks for `text/event-stream`). Anything else
 * (a crawler, a prefetch, a script reading the body to its end) gets a 406 instead of a stream
 * that never ends.
 */
export const wantsEventStream = (request: Request) =>
  (request.headers.get("accept") ?? "").includes("text/event-stream");

export const NOT_AN_EVENT_SOURCE = "Sambungan langsung hanya untuk halaman pesanan yang sedang dibuka.";

/** How many event streams this server holds open (for the bench and tests). */
export const openEventStreams = () => open.size;

/**
 * An event-stream response. `start` runs once the stream is open and returns what to do when it
 * closes (the watcher left, the server closed it); `request.signal` ending closes it too.
 */
export function eventStreamResponse(
  request: Request,
  start: (stream: EventStream) => (() => void) | void,
  headers: HeadersInit = {},
): Response {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  let closed = false;
  let stop: (() => void) | void;
  const entry = { beat: () => void write(": \n\n") };

  const finish = () => {
    if (closed) return;
    closed = true;
    open.delete(entry);
    request.signal.removeEventListener("abort", finish);
    try {
      controller.close();
    } catch {
      // already closed or cancelled
    }
    stop?.();
  };

  function write(text: string): boolean {
    if (closed) return false;
    try {
      controller.enqueue(encoder.encode(text));
    } catch {
      finish();
      return false;
    }
    if ((controller.desiredSize ?? 0) < -MAX_QUEUED_BYTES) {
      finish();
      return false;
    }
    return true;
  }

  const stream: EventStream = {
    send(event, data, id) {
      const lines = data.split("\n").map((line) => `data: ${line}`);
      return write(`${id === undefined ? "" : `id: ${id}\n`}event: ${event}\n${lines.join("\n")}\n\n`);
    },
    close: finish,
    get closed() {
      return closed;
    },
  };

  const body = new ReadableStream<Uint8Array>(
    {
      start(streamController) {
        controller = streamController;
        if (request.signal.aborted) {
          finish();
          return;
        }
        request.signal.addEventListener("abort", finish);
        open.add(entry);
        startHeartbeat();
        write(`retry: ${RETRY_MS}\n\n`);
        stop = start(stream);
        if (closed) stop?.();
      },
      cancel: finish,
    },
    { highWaterMark: 0, size: (chunk) => chunk.byteLength },
  );

  return new Response(body, {
    headers: {
      "Content-Type": "text/event-stream; charset=utf-8",
      "Cache-Control": "no-store, no-transform",
      "X-Accel-Buffering": "no",
      ...headers,
    },
  });
}
