/**
 * An event stream's connection gives Node's HTTP parser back once its answer has started: a parser
 * is ~10 KB of native memory held for as long as the connection is open, the largest part of what
 * a watcher costs (docs/decisions/0046-memory-per-connection.md).
 */
import { createRequire } from "node:module";
import type { IncomingMessage } from "node:http";
import type { Socket } from "node:net";

/** Node's module behind its HTTP server and client (what its own `upgrade` path calls). */
interface HttpCommon {
  freeParser(parser: unknown, request: IncomingMessage | null, socket: Socket): void;
  parsers: { max: number };
}

const common = createRequire(import.meta.url)("_http_common") as Partial<HttpCommon>;

/**
 * The listeners Node's HTTP server puts on a connection's socket that feed the parser; without the
 * parser they must go, or a later byte would reach a parser that now serves another connection.
 */
const PARSER_LISTENERS = [
  ["data", "bound socketOnData"],
  ["end", "bound socketOnEnd"],
] as const;

function endStream(this: Socket) {
  this.destroy();
}

/**
 * Frees the parser of `request`'s connection, which from now on only carries an event stream:
 * the answer is written through Node's response as before, and a client that sends anything more
 * on it (EventSource never does) is disconnected. Node's closeAllConnections no longer sees the
 * connection: a stopping server ends its streams itself (ConnectionBudget.endStreams). False, and
 * nothing changed, where Node's internals are not what this expects.
 */
export function releaseParser(request: IncomingMessage): boolean {
  const socket = request.socket as Socket & { parser?: unknown };
  const parser = socket.parser;
  if (!parser || typeof common.freeParser !== "function") return false;
  const feeding = PARSER_LISTENERS.map(
    ([event, name]) => [event, socket.listeners(event).find((listener) => listener.name === name)] as const,
  );
  if (feeding.some(([, listener]) => !listener)) return false;
  for (const [event, listener] of feeding) socket.off(event, listener as (...args: unknown[]) => void);
  common.freeParser(parser, request, socket);
  socket.on("data", endStream);
  socket.on("end", endStream);
  return true;
}

/**
 * At most `max` idle parsers kept for reuse instead of Node's 1,000 (10 MB): a flood of short
 * connections otherwise leaves them all allocated for good.
 */
export function limitParserPool(max: number) {
  if (common.parsers && typeof common.parsers.max === "number") common.parsers.max = max;
}
