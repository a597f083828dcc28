// The client's address as limits count it; imported by the server process too, so no app imports.
import { isIP } from "node:net";

// IPv6 by its /64 network (one subscriber usually holds a whole /64), IPv4-mapped IPv6 as IPv4.
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

export const trustProxyHops = (value: string | undefined): number =>
  Number(value === "true" ? 1 : value === "false" || !value ? 0 : value);

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
    const candidate = forwarded[forwarded.length - trustProxy];
    if (candidate) return normalizeAddress(candidate);
  }
  return normalizeAddress(peer);
}
