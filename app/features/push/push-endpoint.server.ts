// Where the server may post a push (0048): https on port 443 of a known push service's host, every
// address public; checked at subscribe and again by each connection, which connects to those addresses.
import dns from "node:dns";
import net from "node:net";
import { getEnv } from "../../lib/env.server.ts";
import { isTestMode } from "../../lib/test-mode.server.ts";

export const KNOWN_PUSH_HOSTS = [
  "fcm.googleapis.com",
  "*.push.apple.com",
  "updates.push.services.mozilla.com",
  "*.notify.windows.com",
];

export type EndpointProblem = "form" | "unknown-service" | "private-address" | "not-found" | "unchecked";

export const ENDPOINT_MESSAGES: Record<Exclude<EndpointProblem, "form">, string> = {
  "unknown-service":
    "Alamat langganan ini bukan layanan push yang dikenal. Nyalakan push dari Chrome, Safari, Firefox, atau Edge.",
  "private-address":
    "Alamat layanan push ini mengarah ke jaringan lokal atau alamat khusus, jadi tidak dipakai.",
  "not-found": "Alamat layanan push ini tidak ditemukan. Muat ulang halaman lalu coba lagi.",
  unchecked: "Alamat layanan push belum bisa diperiksa sekarang. Coba lagi sebentar lagi.",
};

const TEST_HOSTS = new Set(["127.0.0.1", "[::1]"]);

const isTestEndpoint = (url: URL) =>
  isTestMode() && (url.protocol === "http:" || url.protocol === "https:") && TEST_HOSTS.has(url.hostname);

function hostAllowed(hostname: string): boolean {
  const patterns = [...KNOWN_PUSH_HOSTS, ...getEnv().PUSH_SERVICE_HOSTS];
  return patterns.some((pattern) =>
    pattern.startsWith("*.") ? hostname.endsWith(pattern.slice(1)) : hostname === pattern,
  );
}

export function endpointFormProblem(value: string): EndpointProblem | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return "form";
  }
  if (url.username || url.password || url.hash) return "form";
  if (isTestEndpoint(url)) return null;
  const { hostname } = url;
  if (url.protocol !== "https:" || url.port !== "") return "unknown-service";
  // Names only, every label non-empty: a wildcard pattern would otherwise take `a..push.example`.
  if (!/^([a-z0-9-]+\.)+[a-z0-9-]+$/.test(hostname)) return "unknown-service";
  return hostAllowed(hostname) ? null : "unknown-service";
}

// IANA's special-purpose subnets (RFC 6890): no push service is there.
const SPECIAL_V4: [string, number][] = [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.88.99.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
];
const SPECIAL_V6: [string, number][] = [
  ["::", 96], // unspecified, loopback, IPv4-compatible
  ["64:ff9b:1::", 48],
  ["100::", 64],
  ["2001::", 23],
  ["2001:db8::", 32],
  ["2002::", 16],
  ["fc00::", 7],
  ["fe80::", 10],
  ["fec0::", 10],
  ["ff00::", 8],
];

const special = new net.BlockList();
for (const [prefix, length] of SPECIAL_V4) {
  special.addSubnet(prefix, length, "ipv4");
  // The same IPv4 addresses through NAT64 (RFC 6052); IPv4-mapped ones (::ffff:…) BlockList checks itself.
  const [a, b, c, d] = prefix.split(".").map(Number) as [number, number, number, number];
  const hex = (high: number, low: number) => ((high << 8) | low).toString(16);
  special.addSubnet(`64:ff9b::${hex(a, b)}:${hex(c, d)}`, 96 + length, "ipv6");
}
for (const [prefix, length] of SPECIAL_V6) special.addSubnet(prefix, length, "ipv6");

export function isPublicAddress(address: string): boolean {
  const bare = address.replace(/%.*$/, "");
  const family = net.isIP(bare);
  if (family === 0) return false;
  return !special.check(bare, family === 4 ? "ipv4" : "ipv6");
}

export interface CheckedAddress {
  address: string;
  family: 4 | 6;
}

export class EndpointRefused extends Error {
  constructor(
    readonly problem: Exclude<EndpointProblem, "form">,
    detail: string,
  ) {
    super(detail);
    this.name = "EndpointRefused";
  }
}

const DNS_TIMEOUT_MS = 2_000;
let resolver: { servers: string; resolver: dns.promises.Resolver } | undefined;

// DNS only (never /etc/hosts), through the process's DNS servers, which a test's own server sets.
function currentResolver(): dns.promises.Resolver {
  const servers = dns.getServers();
  if (resolver?.servers !== servers.join()) {
    const next = new dns.promises.Resolver({ timeout: DNS_TIMEOUT_MS, tries: 2 });
    next.setServers(servers);
    resolver = { servers: servers.join(), resolver: next };
  }
  return resolver.resolver;
}

const MISSING = new Set(["ENOTFOUND", "ENODATA", "NXDOMAIN", "ENONAME"]);

export async function checkedAddresses(hostname: string): Promise<CheckedAddress[]> {
  const dnsResolver = currentResolver();
  const answers = await Promise.allSettled([dnsResolver.resolve4(hostname), dnsResolver.resolve6(hostname)]);
  const addresses: CheckedAddress[] = [];
  answers.forEach((answer, index) => {
    if (answer.status === "fulfilled")
      for (const address of answer.value) addresses.push({ address, family: index === 0 ? 4 : 6 });
  });
  const failures = answers.flatMap((answer) =>
    answer.status === "rejected" ? [answer.reason as Error] : [],
  );
  if (addresses.length === 0) {
    const missing = failures.every((error) => MISSING.has((error as NodeJS.ErrnoException).code ?? ""));
    throw new EndpointRefused(missing ? "not-found" : "unchecked", `${hostname}: ${failures[0]?.message}`);
  }
  const refused = addresses.find(({ address }) => !isPublicAddress(address));
  if (refused) throw new EndpointRefused("private-address", `${hostname} → ${refused.address}`);
  return addresses;
}

export async function endpointProblem(value: string): Promise<EndpointProblem | null> {
  const problem = endpointFormProblem(value);
  if (problem) return problem;
  const url = new URL(value);
  if (isTestEndpoint(url)) return null;
  try {
    await checkedAddresses(url.hostname);
    return null;
  } catch (error) {
    if (error instanceof EndpointRefused) return error.problem;
    throw error;
  }
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | dns.LookupAddress[],
  family?: number,
) => void;

export function checkedLookup(hostname: string, options: dns.LookupOptions, callback: LookupCallback) {
  checkedAddresses(hostname).then(
    (addresses) => {
      const wanted = addresses.filter(({ family }) => !options.family || options.family === family);
      const usable = wanted.length > 0 ? wanted : addresses;
      if (options.all) callback(null, usable);
      else callback(null, usable[0]!.address, usable[0]!.family);
    },
    (error: Error) => callback(Object.assign(error, { code: "EPUSHADDRESS" }), []),
  );
}
