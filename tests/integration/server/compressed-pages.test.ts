/**
 * The site's page cache with real sessions and carts (app/site-pages.server.ts): pages compressed
 * once per kind of visitor and filled per answer never carry another visitor's count or kind,
 * whichever encoding the answer travels in (docs/decisions/0031-compressed-page-cache.md).
 */
import { randomBytes } from "node:crypto";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../../database/client.server.ts";
import { users } from "../../../database/schema.ts";
import { getOptionalUser, startSession } from "../../../app/features/accounts/auth.server.ts";
import { newUserId } from "../../../app/features/accounts/users.server.ts";
import { useDatabaseHandle } from "../../../app/lib/db.server.ts";
import { SLOT_MARKERS } from "../../../app/lib/page-cache.server.ts";
import { sitePages } from "../../../app/site-pages.server.ts";
import { createTestDatabase, testDatabaseKind } from "../../support/test-database.ts";
import { call, get, uniqueEmail, type Answer } from "../accounts/auth-support.ts";
import { Shopper } from "../cart/cart-support.ts";

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await createTestDatabase();
  useDatabaseHandle(handle);
});
afterAll(async () => {
  await handle?.close();
});

let renders = 0;

/**
 * The page as entry.server.tsx renders it for the middleware: a fresh nonce in the CSP and the
 * scripts, the cart's count as its slot's marker, and what the visitor's kind shows.
 */
const page: Parameters<typeof call>[0] = (args) =>
  sitePages.middleware(args as never, async () => {
    renders++;
    const nonce = randomBytes(16).toString("base64");
    const role = getOptionalUser(args.context)?.role ?? "tamu";
    const menu = Array.from({ length: 200 }, (_, i) => `<li>Mie Nyala ${i} — pedas 🌶️ Rp ${i}.000</li>`).join(
      "",
    );
    const body =
      `<!DOCTYPE html><html lang="id"><head><style nonce="${nonce}">body{}</style></head><body>` +
      `<nav data-kind="${role}"><span data-testid="cart-count">${SLOT_MARKERS.cartCount}</span></nav>` +
      `<ul>${menu}</ul><script nonce="${nonce}">1</script></body></html>`;
    return new Response(body, {
      headers: {
        "content-type": "text/html; charset=utf-8",
        "content-security-policy": `script-src 'nonce-${nonce}'; style-src 'nonce-${nonce}'`,
      },
    });
  });

/** What a browser reads of an answer: the body decompressed as its Content-Encoding says. */
function read(answer: Answer) {
  const encoding = answer.headers.get("content-encoding");
  const inflate =
    encoding === "br" ? zlib.brotliDecompressSync : encoding === "gzip" ? zlib.gunzipSync : null;
  const html = (inflate ? inflate(answer.bytes) : answer.bytes).toString("utf8");
  return {
    encoding,
    html,
    kind: /data-kind="([^"]+)"/.exec(html)?.[1],
    count: /data-testid="cart-count">([^<]*)</.exec(html)?.[1],
    island: JSON.parse(/id="nyala-pengunjung">([^<]*)</.exec(html)?.[1] ?? "null") as unknown,
    nonces: [...new Set([...html.matchAll(/nonce="([^"]+)"/g)].map((match) => match[1]))],
    cspNonce: /'nonce-([^']+)'/.exec(answer.headers.get("content-security-policy") ?? "")?.[1],
  };
}

async function signedIn(role: "customer" | "pemilik") {
  const id = newUserId();
  await handle.db
    .insert(users)
    .values({ id, nama: `Rahasia ${role}`, email: uniqueEmail("kompres"), provider: "password", role });
  return new Shopper({ session: /nyala_session=([^;]+)/.exec(await startSession(handle.db, id))![1]! });
}

describe(`compressed cached pages (${testDatabaseKind()})`, () => {
  it("give every visitor, in every encoding, their own count and their kind's page, never another's", async () => {
    const guest = await new Shopper().fill([{ id: "es-nyala", jumlah: 2 }]);
    const customer = await (await signedIn("customer")).fill([{ id: "pangsit-goreng", jumlah: 5 }]);
    const admin = await (await signedIn("pemilik")).fill([{ id: "es-nyala", jumlah: 12 }]);
    const nobody = new Shopper();
    const visitors = [
      { shopper: guest, kind: "tamu", count: 2 },
      { shopper: customer, kind: "customer", count: 5 },
      { shopper: admin, kind: "pemilik", count: 12 },
      { shopper: nobody, kind: "tamu", count: 0 },
    ];
    const encodings = ["gzip, deflate, br, zstd", "gzip", "identity"];
    const asks = Array.from({ length: 4 }, () =>
      visitors.flatMap((visitor) => encodings.map((encoding) => ({ visitor, encoding }))),
    ).flat();
    renders = 0;
    const answers = await Promise.all(
      asks.map(({ visitor, encoding }) =>
        call(
          page,
          get("/produk", {
            address: visitor.shopper.address,
            cookies: [...visitor.shopper.cookies].map(([name, value]) => `${name}=${value}`),
            headers: { "accept-encoding": encoding },
          }),
        ),
      ),
    );
    // One rendering per kind: nobody known (the guest too), customer, admin.
    expect(renders).toBe(3);
    const expectedEncoding = { "gzip, deflate, br, zstd": "br", gzip: "gzip", identity: null };
    for (const [index, answer] of answers.entries()) {
      const { visitor, encoding } = asks[index]!;
      const seen = read(answer);
      expect(answer.status).toBe(200);
      expect(seen.encoding, `${visitor.kind} ${visitor.count} ${encoding}`).toBe(
        expectedEncoding[encoding as keyof typeof expectedEncoding],
      );
      expect(seen.kind).toBe(visitor.kind);
      expect(seen.count).toBe(String(visitor.count));
      expect(seen.island).toEqual({ cart: { count: visitor.count, version: expect.any(Number) } });
      expect(seen.nonces).toEqual([seen.cspNonce]);
      expect(seen.html).not.toContain(SLOT_MARKERS.cartCount);
      expect(seen.html).not.toContain("Rahasia");
    }
    // No two answers share a nonce.
    expect(new Set(answers.map((answer) => read(answer).cspNonce)).size).toBe(answers.length);
  });

  it("serve a request without cookies before React Router as nobody: no count, no signed-in page", async () => {
    const admin = await (await signedIn("pemilik")).fill([{ id: "es-nyala", jumlah: 3 }]);
    const adminCookies = [...admin.cookies].map(([name, value]) => `${name}=${value}`);
    await call(page, get("/tentang", { cookies: adminCookies, headers: { "accept-encoding": "br" } }));
    const url = new URL("http://localhost:3000/tentang");
    // Only a visitor without cookies has rendered it: nothing to serve until one has.
    expect(await sitePages.answerWithoutCookies(url, "br")).toBeNull();
    await call(page, get("/tentang", { headers: { "accept-encoding": "gzip" } }));
    for (const encoding of ["gzip, deflate, br, zstd", "gzip", null]) {
      const answer = (await sitePages.answerWithoutCookies(url, encoding))!;
      const seen = read({
        status: answer.status,
        headers: new Headers(answer.headers),
        bytes: Buffer.concat(answer.body),
      } as Answer);
      expect([seen.kind, seen.count, seen.island]).toEqual(["tamu", "0", { cart: { count: 0, version: 0 } }]);
      expect(seen.nonces).toEqual([seen.cspNonce]);
    }
  });
});
