/**
 * The client's network address, for per-address rate limits.
 *
 * React Router's request does not carry the TCP peer, and `react-router-serve` offers no hook to
 * pass it. So this module, when the server bundle loads, wraps Node's `http.Server#emit`: every
 * incoming request gets the private header below set to its socket's peer address, after
 * deleting any copy a client sent. The header therefore always states the real peer; a forged one
 * never survives. Behind reverse proxies the peer is the proxy: TRUST_PROXY says how many
 * proxies to skip in X-Forwarded-For.
 */
import http from "node:http";
import { isIP } from "node:net";
import { getEnv } from "./env.server.ts";

export const PEER_ADDRESS_HEADER = "x-nyala-peer-address";

const patched = Symbol.for("nyala.peerAddressHeader");
const serverPrototype = http.Server.prototype as http.Server & { [patched]?: true };
if (!serverPrototype[patched]) {
  serverPrototype[patched] = true;
  const emit = serverPrototype.emit;
  serverPrototype.emit = function (this: http.Server, event: string | symbol, ...args: unknown[]) {
    if (event === "request") {
      const request = args[0] as http.IncomingMessage;
      request.headers[PEER_ADDRESS_HEADER] = request.socket?.remoteAddress ?? "";
    }
    return Reflect.apply(emit, this, [event, ...args]) as boolean;
  } as typeof emit;
}

/**
 * The address limits are counted per: IPv4 as is, IPv6 by its /64 network (one subscriber
 * usually holds a whole /64), IPv4-mapped IPv6 as IPv4. Unknown → "unknown".
 */
export function normalizeAddress(raw: string | null | undefined): string {
  let address = (raw ?? "").trim();
  if (address.startsWith("[") && address.includes("]")) address = address.slice(1, address.indexOf("]"));
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1]) address = mapped[1];
  const version = isIP(address);
  if (version === 4) return address;
  if (version === 6) return `${expandIpv6(address).slice(0, 4).join(":")}::/64`;
  return "unknown";
}

function expandIpv6(address: string): string[] {
  const [head = "", tail] = address.toLowerCase().split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const missing = tail === undefined ? 0 : 8 - left.length - right.length;
  return [...left, ...Array<string>(missing).fill("0"), ...right].map((part) => part.replace(/^0+(?=.)/, ""));
}

/** The client's address as seen through `TRUST_PROXY` proxies. */
export function getClientAddress(request: Request, trustProxy = getEnv().TRUST_PROXY): string {
  const peer = request.headers.get(PEER_ADDRESS_HEADER);
  if (trustProxy > 0) {
    const forwarded = (request.headers.get("x-forwarded-for") ?? "")
      .split(",")
      .map((part) => part.trim())
      .filter(Boolean);
    // Each trusted proxy appended the address it saw; the last `trustProxy - 1` entries were
    // added by our own proxies in front of the one that connects to us.
    const candidate = forwarded[forwarded.length - trustProxy];
    if (candidate) return normalizeAddress(candidate);
  }
  return normalizeAddress(peer);
}
