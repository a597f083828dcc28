/**
 * The client's address as limits count it, from the TCP peer and X-Forwarded-For. Shared by the
 * app (client-address.server.ts) and the server process's connection budget, which reads Node's
 * request before React Router does: no app imports, only erasable TypeScript.
 */
import { isIP } from "node:net";

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

/** TRUST_PROXY as written: a count, `true` (1) or `false`/empty (0); anything else is NaN. */
export const trustProxyHops = (value: string | undefined): number =>
  Number(value === "true" ? 1 : value === "false" || !value ? 0 : value);

/** The client's address seen through `trustProxy` proxies. */
export function clientAddressFrom(
  peer: string | null | undefined,
  forwardedFor: string | null | undefined,
  trustProxy: number,
): string {
  if (trustProxy > 0) {
    const forwarded = (forwardedFor ?? "")
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
