import type { APIRequestContext } from "@playwright/test";
import { expect, test, waitForHydration } from "./support/fixtures.ts";
import { privatePort, privateServerWithAdmin } from "./support/private-server.ts";

/**
 * Alerts nobody misses on the board (#24): while an order waits in Baru, the chime rings again a
 * minute after the last ring, with a vibration, until someone taps Terima; the board keeps the
 * screen on and takes the lock again when it is shown again. The page's clock is Playwright's
 * (minutes pass at once); its sound, vibration and wake lock are counted, not played. A server
 * of its own: the board's orders are this spec's only.
 */
const PORT_OFFSET = 64;
const { adminPage } = privateServerWithAdmin(PORT_OFFSET, "admin-alarm@nyala.test", "Admin Alarm");
const origin = `http://localhost:${privatePort(PORT_OFFSET)}`;

interface Counted {
  chimes: number;
  vibrations: number[][];
  locks: { type: string; released: boolean; release(): Promise<void> }[];
}

async function placeOrder(request: APIRequestContext): Promise<string> {
  const added = await request.post("/keranjang", {
    form: { intent: "tambah", menu: "es-nyala" },
    maxRedirects: 0,
  });
  expect(added.status()).toBe(303);
  const checkout = await request.post("/pesanan", {
    form: { nama: "Pak Budi", whatsapp: "0812-3456-7890", cara: "ambil", waktu: "secepatnya" },
  });
  expect(checkout.status()).toBe(201);
  return /data-testid="order-code">(NY-[A-Z0-9]+)</.exec(await checkout.text())![1]!;
}

test("an order left in Baru rings again every minute with a vibration until Terima; the screen stays on", async ({
  browser,
  playwright,
}) => {
  test.setTimeout(60_000);
  const admin = await adminPage(browser);
  await admin.addInitScript(() => {
    const counted = window as unknown as Counted;
    counted.chimes = 0;
    counted.vibrations = [];
    counted.locks = [];
    const createOscillator = AudioContext.prototype.createOscillator;
    AudioContext.prototype.createOscillator = function (this: AudioContext) {
      counted.chimes++;
      return createOscillator.call(this);
    };
    Object.defineProperty(navigator, "vibrate", {
      value: (pattern: number[]) => counted.vibrations.push(pattern) > 0,
    });
    Object.defineProperty(navigator, "wakeLock", {
      value: {
        request: async (type: string) => {
          const lock = { type, released: false, release: async () => void (lock.released = true) };
          counted.locks.push(lock);
          return lock;
        },
      },
    });
  });
  const counted = () =>
    admin.evaluate(() => {
      const { chimes, vibrations, locks } = window as unknown as Counted;
      // One chime is two tones (two oscillators).
      return { chimes: chimes / 2, vibrations: vibrations.length, locks: locks.map((lock) => lock.type) };
    });
  await admin.clock.install();
  await admin.goto("/admin/pesanan");
  await waitForHydration(admin);
  await expect(admin.getByTestId("board-live")).toContainText("Langsung");
  await expect.poll(async () => (await counted()).locks).toEqual(["screen"]);
  await admin.getByRole("button", { name: "Nyalakan suara pesanan baru" }).click();
  await expect.poll(async () => (await counted()).chimes).toBe(1);

  const customer = await playwright.request.newContext({ baseURL: origin });
  const code = await placeOrder(customer);
  const card = admin.locator(`[data-testid="admin-order"][data-code="${code}"]`);
  await expect(card).toBeVisible();
  await expect.poll(counted).toMatchObject({ chimes: 2, vibrations: 1 });

  await admin.clock.fastForward(40_000);
  expect(await counted()).toMatchObject({ chimes: 2, vibrations: 1 });
  await admin.clock.fastForward(25_000);
  expect(await counted()).toMatchObject({ chimes: 3, vibrations: 2 });
  await admin.clock.fastForward(65_000);
  expect(await counted()).toMatchObject({ chimes: 4, vibrations: 3 });

  await card.getByRole("button", { name: `Terima pesanan ${code}` }).click();
  await expect(card.getByTestId("order-status")).toHaveText("Diterima");
  await expect(admin.getByTestId("new-orders-badge")).toHaveCount(0);
  await admin.clock.fastForward(130_000);
  expect(await counted()).toMatchObject({ chimes: 4, vibrations: 3 });

  // The browser drops the lock while the page is hidden; shown again, the board takes it again.
  await admin.evaluate(async () => {
    await (window as unknown as Counted).locks[0]!.release();
    document.dispatchEvent(new Event("visibilitychange"));
  });
  await expect.poll(async () => (await counted()).locks).toEqual(["screen", "screen"]);
  await customer.dispose();
  await admin.context().close();
});
