/**
 * Event streams read as a browser's EventSource reads them, and the board's button, for the
 * reliability suite's live pages.
 */
import { expect } from "vitest";
import type { Server } from "./servers.ts";

export interface Event {
  event: string;
  id: string | null;
  data: Record<string, unknown>;
}

/** An event stream read as EventSource reads it; `next(name)` waits (20 s unless told) for the next such event. */
export async function openEvents(url: string, cookie: string) {
  const controller = new AbortController();
  const response = await fetch(url, {
    headers: { cookie, accept: "text/event-stream" },
    signal: controller.signal,
  });
  expect(response.status, url).toBe(200);
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  const events: Event[] = [];
  const pump = (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += decoder.decode(value, { stream: true });
        let end: number;
        while ((end = buffer.indexOf("\n\n")) !== -1) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const field = (name: string) =>
            block
              .split("\n")
              .filter((line) => line.startsWith(`${name}: `))
              .map((line) => line.slice(name.length + 2));
          const [event] = field("event");
          if (event)
            events.push({ event, id: field("id")[0] ?? null, data: JSON.parse(field("data").join("\n")) });
        }
      }
    } catch {
      // aborted
    }
  })();
  return {
    async next(name: string, match: (event: Event) => boolean = () => true, waitMs = 20_000): Promise<Event> {
      const deadline = Date.now() + waitMs;
      for (;;) {
        const index = events.findIndex((event) => event.event === name && match(event));
        if (index !== -1) return events.splice(0, index + 1).at(-1)!;
        if (Date.now() > deadline) throw new Error(`no "${name}" event from ${url} within ${waitMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    async close() {
      controller.abort();
      await pump;
    },
  };
}

export async function moveOn(server: Server, cookie: string, code: string, status: string) {
  const response = await fetch(`${server.url}/admin/pesanan`, {
    method: "POST",
    body: new URLSearchParams({ intent: "status", code, status }),
    headers: { cookie, origin: server.url },
  });
  await response.arrayBuffer();
  return response.status;
}
