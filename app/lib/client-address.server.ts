// Wraps http.Server#emit to set PEER_ADDRESS_HEADER to the socket's peer, overwriting any a client sent.
import { createHmac } from "node:crypto";
import http from "node:http";
import { clientAddressFrom } from "./client-address.ts";
import { getEnv } from "./env.server.ts";
import { deriveKey } from "./server-secret.server.ts";

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

export const getClientAddress = (request: Request, trustProxy = getEnv().TRUST_PROXY): string =>
  clientAddressFrom(
    request.headers.get(PEER_ADDRESS_HEADER),
    request.headers.get("x-forwarded-for"),
    trustProxy,
  );

/** A stored stand-in for an address: keyed, since every IPv4 address can be hashed in minutes. */
export const clientAddressKey = async (address: string) =>
  createHmac("sha256", await deriveKey("client-address"))
    .update(address)
    .digest("base64url")
    .slice(0, 32);
