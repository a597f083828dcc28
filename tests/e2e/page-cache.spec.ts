import { createAccount, logIn, uniqueEmail } from "./auth-helpers.ts";
import { expect, test } from "./support/fixtures.ts";

/** The production server's page cache, seen from outside (app/lib/page-cache.server.ts). */
test("cached public pages: a fresh nonce on every answer, and signed-in visitors never get the cached page", async ({
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
    nonces.add(cspNonce!);
  }
  expect(nonces.size).toBe(3);

  const email = uniqueEmail("cache");
  await createAccount(page.request, email);
  await logIn(page, email);
  const signedIn = await page.request.get("/produk");
  expect(await signedIn.text()).toContain("Keluar");
  // …and what they were served is not cached for the next visitor.
  const after = await (await anonymous.get("/produk")).text();
  expect(after).not.toContain("Keluar");
  expect(after).not.toContain(email);
  await anonymous.dispose();
});
