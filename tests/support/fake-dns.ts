/**
 * A DNS server on this machine (UDP, RFC 1035) that answers A and AAAA queries from a table a
 * test sets, NXDOMAIN for any other name, and records every question: the push tests point the
 * process's resolver at it (`dns.setServers`) to see which addresses the server accepts.
 */
import dgram from "node:dgram";
import dns from "node:dns";
import net from "node:net";

export interface FakeDns {
  /** Names and the addresses they resolve to now (IPv4 and IPv6 mixed), or a server failure. */
  answer(name: string, addresses: string[] | "servfail"): void;
  /** Every question asked, `name A` or `name AAAA`, oldest first. */
  questions: string[];
  close(): Promise<void>;
}

/** The 16 bytes of an IPv6 address (with `::` and a trailing dotted quad). */
function ipv6Bytes(address: string): Buffer {
  const [head, tail] = address.includes("::") ? address.split("::") : [address, undefined];
  const groups = (text: string | undefined) =>
    (text ? text.split(":") : []).flatMap((group) =>
      net.isIPv4(group)
        ? group
            .split(".")
            .map(Number)
            .reduce<string[]>((pairs, byte, index) => {
              if (index % 2 === 0) pairs.push("");
              pairs[pairs.length - 1] += byte.toString(16).padStart(2, "0");
              return pairs;
            }, [])
        : [group],
    );
  const left = groups(head);
  const right = groups(tail);
  const all =
    tail === undefined
      ? left
      : [...left, ...Array<string>(8 - left.length - right.length).fill("0"), ...right];
  return Buffer.from(all.map((group) => group.padStart(4, "0")).join(""), "hex");
}

export async function startFakeDns(): Promise<FakeDns & { server: string }> {
  const table = new Map<string, string[] | "servfail">();
  const questions: string[] = [];
  const socket = dgram.createSocket("udp4");
  socket.on("message", (query, peer) => {
    let offset = 12;
    const labels: string[] = [];
    while (query[offset]) {
      labels.push(query.subarray(offset + 1, offset + 1 + query[offset]!).toString("ascii"));
      offset += query[offset]! + 1;
    }
    const type = query.readUInt16BE(offset + 1);
    const question = query.subarray(12, offset + 5);
    const name = labels.join(".").toLowerCase();
    questions.push(`${name} ${type === 28 ? "AAAA" : type === 1 ? "A" : type}`);
    const known = table.get(name);
    const records = (Array.isArray(known) ? known : []).filter(
      (address) => net.isIP(address) === (type === 28 ? 6 : 4),
    );
    const header = Buffer.alloc(12);
    query.copy(header, 0, 0, 2);
    // An answer; NXDOMAIN for a name not in the table; SERVFAIL when told.
    header.writeUInt16BE(known === "servfail" ? 0x8182 : known ? 0x8180 : 0x8183, 2);
    header.writeUInt16BE(1, 4);
    header.writeUInt16BE(records.length, 6);
    const answers = records.map((address) => {
      const data = net.isIPv4(address) ? Buffer.from(address.split(".").map(Number)) : ipv6Bytes(address);
      const record = Buffer.alloc(12);
      record.writeUInt16BE(0xc00c, 0); // the question's name
      record.writeUInt16BE(type, 2);
      record.writeUInt16BE(1, 4);
      record.writeUInt32BE(0, 6); // no caching: the next question is answered again
      record.writeUInt16BE(data.length, 10);
      return Buffer.concat([record, data]);
    });
    socket.send(Buffer.concat([header, question, ...answers]), peer.port, peer.address);
  });
  await new Promise<void>((resolve) => socket.bind(0, "127.0.0.1", resolve));
  const server = `127.0.0.1:${socket.address().port}`;
  return {
    server,
    questions,
    answer(name, addresses) {
      table.set(name.toLowerCase(), addresses);
    },
    close: () => new Promise((resolve) => socket.close(() => resolve())),
  };
}

/** Points this process's resolver at `fakeDns` until the returned function puts it back. */
export function useFakeDns(fakeDns: { server: string }): () => void {
  const before = dns.getServers();
  dns.setServers([fakeDns.server]);
  return () => dns.setServers(before);
}
