import http from "node:http";
import zlib from "node:zlib";
import type { APIRequestContext } from "@playwright/test";
import { createAccount, logIn, uniqueEmail } from "./auth-helpers.ts";
import { expect, test } from "./support/fixtures.ts";

/**
 * The production server's page cache, seen from outside (app/lib/page-cache.server.ts): one
 * rendering per kind of visitor, every answer with its own nonce and its own visitor's parts.
 */
const headerCounts = (html: string) =>
  [...html.matchAll(/data-testid="cart-count"[^>]*>(\d+)</g)].map((m) => m[1]);
const island = (html: string) =>
  JSON.parse(
    /<script type="application\/json" id="nyala-pengunjung">([^<]*)<\/script>/.exec(html)?.[1] ?? "null",
  );

async function addToCart(client: APIRequestContext, menu: string, times: number) {
  for (let i = 0; i < times; i++) {
    const answer = await client.post("/keranjang", { form: { intent: "tambah", menu, mode: "fetch" } });
    expect(answer.status()).toBe(200);
  }
}

test("cached public pages: a fresh nonce on every answer, and a signed-in visitor's page is theirs, not the next visitor's", async ({
  page,
  playwright,
}) => {
  const anonymous = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  const nonces = new Set<string>();
  for (let i = 0; i < 3; i++) {
    const response = await anonymous.get("/produk");
    expect(response.status()).toBe(200);
    const cspNonce = /'nonce-([^']+)'/.exec(response.headers()["content-security-policy"] ?? "")?.[1];
    const body = await response.text();
    const bodyNonces = new Set([...body.matchAll(/nonce="([^"]+)"/g)].map((match) => match[1]));
    expect(cspNonce).toBeTruthy();
    expect([...bodyNonces]).toEqual([cspNonce]);
    expect(body).not.toContain("Keluar");
    expect(response.headers()["cache-control"]).toBe("private, no-cache");
    nonces.add(cspNonce!);
  }
  expect(nonces.size).toBe(3);

  const email = uniqueEmail("cache");
  await createAccount(page.request, email, "Pelanggan Rahasia");
  await logIn(page, email);
  const signedIn = await (await page.request.get("/produk")).text();
  expect(signedIn).toContain("Keluar");
  // The page names nobody: it is the same for every customer, but for the count.
  expect(signedIn).not.toContain(email);
  expect(signedIn).not.toContain("Pelanggan Rahasia");
  await anonymous.dispose();
  // …and what they were served is not given to the next visitor (a new one: the first one's idle
  // connection may have been closed by the server's keep-alive timeout during the login).
  const next = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  const after = await (await next.get("/produk")).text();
  expect(after).not.toContain("Keluar");
  expect(after).not.toContain(email);
  await next.dispose();
});

test("visitors with different carts hammering the same pages at once each see their own count, never another's", async ({
  page,
  playwright,
}) => {
  test.setTimeout(90_000);
  const baseURL = test.info().project.use.baseURL;
  // A guest with 2 portions, a signed-in customer with 5, an admin with 7, and nobody.
  const guest = await playwright.request.newContext({ baseURL });
  await addToCart(guest, "es-nyala", 2);
  const customerEmail = uniqueEmail("isolasi");
  await createAccount(page.request, customerEmail, "Pelanggan Isolasi");
  await logIn(page, customerEmail);
  const customer = page.request;
  await addToCart(customer, "pangsit-goreng", 5);
  const nobody = await playwright.request.newContext({ baseURL });

  const visitors = [
    { name: "guest", client: guest, count: "2", signedIn: false },
    { name: "customer", client: customer, count: "5", signedIn: true },
    { name: "nobody", client: nobody, count: "0", signedIn: false },
  ];
  const pages = ["/produk", "/beranda", "/tentang", "/produk.data"];
  const rounds = 25;
  const answers = await Promise.all(
    Array.from({ length: rounds }, (_, round) =>
      visitors.map(async (visitor) => {
        const path = pages[round % pages.length]!;
        const response = await visitor.client.get(path);
        return { visitor, path, status: response.status(), body: await response.text() };
      }),
    ).flat(),
  );
  for (const { visitor, path, status, body } of answers) {
    const label = `${visitor.name} ${path}`;
    expect(status, label).toBe(200);
    expect(body, label).not.toContain(customerEmail);
    expect(body, label).not.toContain("Pelanggan Isolasi");
    if (path.endsWith(".data")) continue; // loader data carries no count: the header's is the page's
    expect(headerCounts(body), label).toEqual([visitor.count, visitor.count, visitor.count]);
    expect(island(body)?.cart.count, label).toBe(Number(visitor.count));
    expect(body.includes(">Keluar</button>"), label).toBe(visitor.signedIn);
    expect(body, label).not.toContain('href="/admin/pesanan"');
  }
  await guest.dispose();
  await nobody.dispose();
});

/** A page's bytes as they travel, asked for with `encoding` (Node's client does not decompress). */
function rawGet(url: string, encoding: string, cookie?: string) {
  return new Promise<{ encoding?: string; body: Buffer }>((resolve, reject) => {
    const headers: Record<string, string> = { "accept-encoding": encoding, ...(cookie ? { cookie } : {}) };
    http
      .get(url, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({ encoding: response.headers["content-encoding"], body: Buffer.concat(chunks) }),
        );
      })
      .on("error", reject);
  });
}

test("compressed once per page: the Brotli and gzip answers are the plain page, each with its own visitor's count", async ({
  playwright,
}) => {
  const baseURL = test.info().project.use.baseURL!;
  const guest = await playwright.request.newContext({ baseURL });
  await addToCart(guest, "es-nyala", 3);
  const cookie = (await guest.storageState()).cookies.map((c) => `${c.name}=${c.value}`).join("; ");
  for (const path of ["/produk", "/beranda"]) {
    for (const visitor of [
      { cookie, count: "3" },
      { cookie: undefined, count: "0" },
    ]) {
      const pages = [];
      for (const encoding of ["br", "gzip", "identity"]) {
        const answer = await rawGet(`${baseURL}${path}`, encoding, visitor.cookie);
        expect(answer.encoding).toBe(encoding === "identity" ? undefined : encoding);
        const inflate = { br: zlib.brotliDecompressSync, gzip: zlib.gunzipSync }[answer.encoding ?? ""];
        const html = (inflate ? inflate(answer.body) : answer.body).toString("utf8");
        expect(headerCounts(html)).toEqual([visitor.count, visitor.count, visitor.count]);
        expect(island(html)?.cart.count).toBe(Number(visitor.count));
        pages.push(html.replace(/nonce="[^"]+"/g, 'nonce=""').replace(/"version":\d+/, ""));
      }
      expect(new Set(pages).size, path).toBe(1);
    }
  }
  await guest.dispose();
});
