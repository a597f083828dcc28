// An event stream's connection gives its HTTP parser back once answering: parsers hold native memory (0046).
import { createRequire } from "node:module";
import type { IncomingMessage } from "node:http";
import type { Socket } from "node:net";

interface HttpCommon {
  freeParser(parser: unknown, request: IncomingMessage | null, socket: Socket): void;
  parsers: { max: number };
}

const common = createRequire(import.meta.url)("_http_common") as Partial<HttpCommon>;

// Without the parser these must go, or a later byte would reach a parser now serving another connection.
const PARSER_LISTENERS = [
  ["data", "bound socketOnData"],
  ["end", "bound socketOnEnd"],
] as const;

function endStream(this: Socket) {
  this.destroy();
}

// Node's closeAllConnections no longer sees the connection: a stopping server ends its streams itself.
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

export function limitParserPool(max: number) {
  if (common.parsers && typeof common.parsers.max === "number") common.parsers.max = max;
}
