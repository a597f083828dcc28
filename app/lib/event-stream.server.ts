// Server-sent events, one fan-out per topic (0030); a watcher that stops reading is closed. A stream may
// name its owner: `closeStreamsOf` ends them on every server (0056: a role change or a deletion).
import { announce, listen } from "./notices.server.ts";

const HEARTBEAT_MS = 20_000;
const RETRY_MS = 2_000;
const MAX_QUEUED_BYTES = 256 * 1024;

export interface EventSink {
  write(chunk: Uint8Array): unknown;
  readonly writableLength: number;
  destroy(): unknown;
}

export type NodeEventSink = EventSink & { once(event: "close", listener: () => void): unknown };

export const EVENT_STREAM_ATTACH = Symbol.for("nyala.eventStream.attach");

const encoder = new TextEncoder();
const PREAMBLE = encoder.encode(`retry: ${RETRY_MS}\n\n`);
const HEARTBEAT = encoder.encode(": \n\n");

function encodeEvent(event: string, data: string, id?: string | number): Uint8Array {
  const lines = data.split("\n").map((line) => `data: ${line}`);
  return encoder.encode(`${id === undefined ? "" : `id: ${id}\n`}event: ${event}\n${lines.join("\n")}\n\n`);
}

const watching = new Map<EventSink, EventFanout>();
const ownerOf = new Map<EventSink, string>();
const sinksOf = new Map<string, Set<EventSink>>();
let heartbeat: ReturnType<typeof setInterval> | undefined;

function write(sink: EventSink, chunk: Uint8Array) {
  sink.write(chunk);
  if (sink.writableLength > MAX_QUEUED_BYTES) leave(sink, true);
}

function leave(sink: EventSink, destroy = false) {
  const fanout = watching.get(sink);
  if (!fanout) return;
  watching.delete(sink);
  fanout.remove(sink);
  const owner = ownerOf.get(sink);
  if (owner !== undefined) {
    ownerOf.delete(sink);
    const sinks = sinksOf.get(owner);
    sinks?.delete(sink);
    if (sinks?.size === 0) sinksOf.delete(owner);
  }
  if (destroy) sink.destroy();
  if (watching.size === 0 && heartbeat) {
    clearInterval(heartbeat);
    heartbeat = undefined;
  }
}

// Node calls "close" listeners with the response as `this`: one function serves every stream.
function closed(this: EventSink) {
  leave(this);
}

export interface EventMessage {
  event: string;
  data: string;
  id?: string | number;
}

interface FanoutHooks {
  onJoin?: () => void;
  onEmpty?: () => void;
}

export class EventFanout {
  private readonly sinks = new Set<EventSink>();
  private greeting: Uint8Array | null = null;

  constructor(private readonly hooks: FanoutHooks = {}) {}

  get size() {
    return this.sinks.size;
  }

  get hasGreeting() {
    return this.greeting !== null;
  }

  send(message: EventMessage, greeting: EventMessage = message) {
    const chunk = encodeEvent(message.event, message.data, message.id);
    this.greeting = greeting === message ? chunk : encodeEvent(greeting.event, greeting.data, greeting.id);
    for (const sink of this.sinks) write(sink, chunk);
  }

  add(sink: EventSink) {
    this.sinks.add(sink);
    watching.set(sink, this);
    if (!heartbeat) {
      heartbeat = setInterval(() => {
        for (const open of watching.keys()) write(open, HEARTBEAT);
      }, HEARTBEAT_MS);
      heartbeat.unref();
    }
    write(sink, PREAMBLE);
    if (this.greeting) write(sink, this.greeting);
    this.hooks.onJoin?.();
  }

  remove(sink: EventSink) {
    if (!this.sinks.delete(sink)) return;
    if (this.sinks.size === 0) {
      this.greeting = null;
      this.hooks.onEmpty?.();
    }
  }
}

// Anything but an EventSource (a crawler, a prefetch) gets a 406, not a stream that never ends.
export const wantsEventStream = (request: Request) =>
  (request.headers.get("accept") ?? "").includes("text/event-stream");

export const NOT_AN_EVENT_SOURCE = "Sambungan langsung hanya untuk halaman pesanan yang sedang dibuka.";

export const openEventStreams = () => watching.size;

function own(sink: EventSink, owner: string | undefined) {
  if (owner === undefined || !watching.has(sink)) return;
  ownerOf.set(sink, owner);
  let sinks = sinksOf.get(owner);
  if (!sinks) sinksOf.set(owner, (sinks = new Set()));
  sinks.add(sink);
}

const OWNERS_CHANNEL = "nyala_stream_owners";

listen(OWNERS_CHANNEL, (owner) => {
  for (const sink of [...(sinksOf.get(owner) ?? [])]) leave(sink, true);
});

/** Every server closes the owner's streams; a browser that reconnects meets the check again. */
export const closeStreamsOf = (owner: string) => announce(OWNERS_CHANNEL, owner);

class WebSink implements EventSink {
  constructor(private readonly controller: ReadableStreamDefaultController<Uint8Array>) {}
  write(chunk: Uint8Array) {
    try {
      this.controller.enqueue(chunk);
    } catch {
      leave(this); // the reader went away
    }
  }
  get writableLength() {
    return -(this.controller.desiredSize ?? 0);
  }
  destroy() {
    try {
      this.controller.close();
    } catch {
      // already closed
    }
  }
}

export function eventStreamResponse(request: Request, join: () => EventFanout, owner?: string): Response {
  let sink: WebSink | null = null;
  const stop = () => {
    if (sink) leave(sink);
  };
  const body = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (sink || request.signal.aborted) return;
        sink = new WebSink(controller);
        request.signal.addEventListener("abort", () => {
          stop();
          sink?.destroy();
        });
        join().add(sink);
        own(sink, owner);
      },
      cancel: stop,
    },
    { highWaterMark: 0, size: (chunk) => chunk.byteLength },
  );
  const response = new Response(body, {
    headers: {
      "Content-Type": "text/event-stream; charset=utf-8",
      "Cache-Control": "no-store, no-transform",
      "X-Accel-Buffering": "no",
    },
  });
  const attach = (node: NodeEventSink) => {
    void body.cancel();
    node.once("close", closed);
    join().add(node);
    own(node, owner);
  };
  return Object.assign(response, { [EVENT_STREAM_ATTACH]: attach });
}
