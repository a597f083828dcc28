/**
 * A push service on this machine for the Web Push tests (docs/decisions/0036-web-push.md): it
 * records every request and answers as a test says (201 by default, any status, or never),
 * counts its connections (open now, the most at once), and
 * its subscriptions hold real browser keys, so a test reads a push as the browser would: the
 * VAPID signature checked against the shop's public key (RFC 8292) and the payload decrypted
 * (aes128gcm, RFC 8291), both with node:crypto only.
 */
import { createDecipheriv, createECDH, createHmac, createPublicKey, randomBytes, verify } from "node:crypto";
import http from "node:http";
import net, { type AddressInfo } from "node:net";

export interface ReceivedPush {
  /** The subscription's name (the endpoint's last path segment). */
  name: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  /** performance.timeOrigin + performance.now() when it arrived (ms). */
  at: number;
}

/** What the service answers a push: a status (at once, or after `afterMs`), or "hang" (no answer until the service closes). */
export type Answer = number | { status: number; afterMs: number } | "hang";

export interface FakeSubscription {
  name: string;
  endpoint: string;
  /** As PushSubscription.toJSON() gives them (base64url). */
  p256dh: string;
  auth: string;
  /** The push's plaintext, decrypted with this subscription's private key. */
  decrypt(body: Buffer): string;
}

const hmac = (key: Buffer, data: Buffer) => createHmac("sha256", key).update(data).digest();

/** RFC 8291 §3.4 and RFC 8188: one aes128gcm record, keyed by the browser's private key and auth secret. */
function decryptAes128gcm(body: Buffer, privateKey: ReturnType<typeof createECDH>, auth: Buffer): string {
  const salt = body.subarray(0, 16);
  const idlen = body[20]!;
  const serverPublic = body.subarray(21, 21 + idlen);
  const ciphertext = body.subarray(21 + idlen);
  const prkKey = hmac(auth, privateKey.computeSecret(serverPublic));
  const keyInfo = Buffer.concat([Buffer.from("WebPush: info\0"), privateKey.getPublicKey(), serverPublic]);
  const prk = hmac(salt, hmac(prkKey, Buffer.concat([keyInfo, Buffer.from([1])])));
  const cek = hmac(prk, Buffer.from("Content-Encoding: aes128gcm\0\x01")).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from("Content-Encoding: nonce\0\x01")).subarray(0, 12);
  const decipher = createDecipheriv("aes-128-gcm", cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(-16));
  const plain = Buffer.concat([decipher.update(ciphertext.subarray(0, -16)), decipher.final()]);
  let end = plain.length - 1;
  while (end > 0 && plain[end] === 0) end--;
  if (plain[end] !== 2) throw new Error("not the last record of an aes128gcm body (delimiter 0x02 missing)");
  return plain.subarray(0, end).toString("utf8");
}

/** A subscription as a browser makes it: a P-256 key pair and a 16-byte auth secret. */
export function fakeSubscription(baseUrl: string, name: string): FakeSubscription {
  const keys = createECDH("prime256v1");
  keys.generateKeys();
  const auth = randomBytes(16);
  return {
    name,
    endpoint: `${baseUrl}/push/${name}`,
    p256dh: keys.getPublicKey().toString("base64url"),
    auth: auth.toString("base64url"),
    decrypt: (body) => decryptAes128gcm(body, keys, auth),
  };
}

/**
 * Checks `vapid t=<JWT>, k=<key>` (RFC 8292): an ES256 signature by `k` over a JWT for the
 * endpoint's origin, valid now and for at most 24 hours. Returns the key and the claims.
 */
export function verifyVapid(authorization: string | undefined, endpoint: string) {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(authorization ?? "");
  if (!match) throw new Error(`not a VAPID Authorization header: ${authorization}`);
  const [header, payload, signature] = match[1]!.split(".") as [string, string, string];
  const key = Buffer.from(match[2]!, "base64url");
  const publicKey = createPublicKey({
    key: {
      kty: "EC",
      crv: "P-256",
      x: key.subarray(1, 33).toString("base64url"),
      y: key.subarray(33, 65).toString("base64url"),
    },
    format: "jwk",
  });
  const signed = verify(
    "sha256",
    Buffer.from(`${header}.${payload}`),
    { key: publicKey, dsaEncoding: "ieee-p1363" },
    Buffer.from(signature, "base64url"),
  );
  if (!signed) throw new Error("the VAPID signature does not verify with its key");
  const claims = JSON.parse(Buffer.from(payload, "base64url").toString()) as {
    aud: string;
    exp: number;
    sub: string;
  };
  if (JSON.parse(Buffer.from(header, "base64url").toString()).alg !== "ES256")
    throw new Error("VAPID JWT is not ES256");
  if (claims.aud !== new URL(endpoint).origin)
    throw new Error(`VAPID audience ${claims.aud} is not ${endpoint}`);
  const now = Date.now() / 1000;
  if (!(claims.exp > now && claims.exp <= now + 24 * 3600))
    throw new Error(`VAPID expiry ${claims.exp} out of range`);
  return { publicKey: match[2]!, claims };
}

/** Connections a service was holding: open now, the most at once, all so far. */
export interface ConnectionCount {
  open: number;
  most: number;
  total: number;
}

function countConnections(server: net.Server): ConnectionCount {
  const count = { open: 0, most: 0, total: 0 };
  server.on("connection", (socket: net.Socket) => {
    count.open++;
    count.total++;
    count.most = Math.max(count.most, count.open);
    socket.once("close", () => count.open--);
  });
  return count;
}

export interface FakePushService {
  url: string;
  received: ReceivedPush[];
  connections: ConnectionCount;
  /** How the service answers the next pushes (all of them, or per subscription). */
  answerWith(answer: Answer | ((push: ReceivedPush) => Answer)): void;
  subscription(name: string): FakeSubscription;
  /** Waits (at most `ms`) until `count` pushes have arrived in all; returns them all. */
  waitFor(count: number, ms?: number): Promise<ReceivedPush[]>;
  close(): Promise<void>;
}

export async function startFakePushService(): Promise<FakePushService> {
  const received: ReceivedPush[] = [];
  let answer: (push: ReceivedPush) => Answer = () => 201;
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const push: ReceivedPush = {
        name: decodeURIComponent(request.url!.split("/").pop()!),
        headers: request.headers,
        body: Buffer.concat(chunks),
        at: performance.timeOrigin + performance.now(),
      };
      received.push(push);
      const given = answer(push);
      if (typeof given === "number") response.writeHead(given).end();
      else if (given !== "hang") setTimeout(() => response.writeHead(given.status).end(), given.afterMs);
    });
  });
  const connections = countConnections(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    received,
    connections,
    answerWith(next) {
      answer = typeof next === "function" ? next : () => next;
    },
    subscription: (name) => fakeSubscription(url, name),
    async waitFor(count, ms = 10_000) {
      const deadline = Date.now() + ms;
      while (received.length < count) {
        if (Date.now() > deadline)
          throw new Error(`${received.length} of ${count} pushes arrived within ${ms} ms`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return received;
    },
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/**
 * A push service in an outage that takes connections and never says a word: no TLS handshake, no
 * HTTP answer. Its `url` is `https://`, as a real push service's.
 */
export async function startSilentService(): Promise<{
  url: string;
  connections: ConnectionCount;
  close(): Promise<void>;
}> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on("error", () => undefined);
    // Reads (and drops) what comes, so a connection the client ends is seen closing.
    socket.resume();
    socket.once("close", () => sockets.delete(socket));
  });
  const connections = countConnections(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `https://127.0.0.1:${(server.address() as AddressInfo).port}`,
    connections,
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
