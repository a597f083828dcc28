import AxeBuilder from "@axe-core/playwright";
import type { BrowserContext, Page } from "@playwright/test";
import { expect, test, waitForHydration } from "./support/fixtures.ts";
import { checkOut } from "./support/orders.ts";
import { privateServerWithAdmin } from "./support/private-server.ts";
import { productCard, visit } from "./support/storefront.ts";

/**
 * Issue #24 item 4 on the board: Auto-cetak prints each new order's kitchen ticket exactly once
 * (through a live-stream reconnect, a reload, two tabs and two devices), a printer that fails
 * leaves the order unprinted with a message, Cetak ulang prints the REPRINT banner. The printer
 * is the test printer the server allows in a test run only (NYALA_TEST_MODE=1): a recorder put
 * in each page that keeps the bytes here, in the test. A server of its own: its orders only.
 */
const ADMIN = "admin-cetak@nyala.test";
const { adminPage } = privateServerWithAdmin(16, ADMIN, "Admin Cetak");

interface PrinterControl {
  /** Every ticket any page printed, as latin1 text. */
  prints: string[];
  /** `fail`: the DOMException name a write throws; `status`: what the printer answers DLE EOT with. */
  mode: { fail?: string; status?: string };
}

/** Puts the test printer in every page of `context` (this device). */
async function installTestPrinter(context: BrowserContext, control: PrinterControl) {
  await context.exposeBinding("__nyalaPrinted", (_source, bytes: number[]) => {
    control.prints.push(Buffer.from(bytes).toString("latin1"));
  });
  await context.exposeBinding("__nyalaPrinterMode", () => control.mode);
  await context.addInitScript(() => {
    type Mode = { fail?: string; status?: string };
    const bridge = window as unknown as {
      __nyalaPrinted(bytes: number[]): Promise<void>;
      __nyalaPrinterMode(): Promise<Mode>;
      __nyalaTestPrinter: unknown;
    };
    bridge.__nyalaTestPrinter = {
      name: "Printer Dapur",
      status: async () => (await bridge.__nyalaPrinterMode()).status ?? "ok",
      async write(bytes: Uint8Array) {
        const mode = await bridge.__nyalaPrinterMode();
        if (mode.fail) throw new DOMException("Printer uji gagal", mode.fail);
        await bridge.__nyalaPrinted([...bytes]);
      },
    };
  });
}

/**
 * Lets the test drop a page's live stream as a lost network does (the stream closes with an
 * error; the board connects again by itself): `window.__dropLiveStreams()`.
 */
async function droppableLiveStreams(context: BrowserContext) {
  await context.addInitScript(() => {
    const streams: EventSource[] = [];
    const Original = window.EventSource;
    window.EventSource = class extends Original {
      constructor(url: string | URL, init?: EventSourceInit) {
        super(url, init);
        streams.push(this);
      }
    };
    (window as unknown as { __dropLiveStreams(): void }).__dropLiveStreams = () => {
      for (const stream of streams.splice(0)) {
        stream.close();
        stream.dispatchEvent(new Event("error"));
      }
    };
  });
}

/** Serious or critical accessibility problems on the page (axe-core). */
async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`,
    );
}

/** The board, live, with this device's printer set to the test printer (and Auto-cetak as asked). */
async function openBoard(page: Page, { auto = false } = {}) {
  await page.goto("/admin/pesanan");
  await waitForHydration(page);
  await expect(page.getByTestId("board-live")).toContainText("Langsung");
  const panel = page.getByTestId("printer-panel");
  if ((await panel.getByTestId("printer-summary").textContent())?.includes("belum dipilih")) {
    await panel.getByTestId("printer-summary").click();
    await panel.getByRole("button", { name: "Printer uji" }).click();
    await expect(panel.getByRole("status")).toHaveText("Printer Dapur dipilih untuk perangkat ini.");
    if (auto) await panel.getByRole("button", { name: "Nyalakan Auto-cetak tiket dapur" }).click();
  }
  await expect(panel.getByTestId("printer-summary")).toHaveText(
    `Printer: Printer Dapur (Printer uji), 58 mm · Auto-cetak ${auto ? "nyala" : "mati"}`,
  );
}

/**
 * A guest's order of one `nama`, confirmed sent unless `confirm` is false (an unconfirmed guest
 * order is printed only once the staff accept it: 0047).
 */
async function order(page: Page, nama = "Es Nyala", { confirm = true } = {}) {
  await visit(page, "/produk");
  await productCard(page, nama)
    .getByRole("button", { name: `Tambah ${nama} ke keranjang` })
    .click();
  await visit(page, "/keranjang");
  const { code } = await checkOut(page);
  if (confirm) {
    await page.getByRole("button", { name: "Ya, sudah terkirim" }).click();
    await expect(page.getByText("Keranjang kosong")).toBeVisible();
  }
  return code;
}

const cardOf = (page: Page, code: string) => page.locator(`[data-testid="admin-order"][data-code="${code}"]`);
const ticketsOf = (control: PrinterControl, code: string) =>
  control.prints.filter((text) => text.includes(code));

test("Auto-cetak prints each new order's kitchen ticket once: two devices, two tabs, a reconnect, a reload", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const control: PrinterControl = { prints: [], mode: {} };
  const kitchen = await adminPage(browser);
  const counter = await adminPage(browser);
  for (const device of [kitchen, counter]) await installTestPrinter(device.context(), control);
  await droppableLiveStreams(kitchen.context());
  await openBoard(kitchen, { auto: true });
  await openBoard(counter, { auto: true });
  const secondTab = await kitchen.context().newPage();
  await openBoard(secondTab, { auto: true });

  const first = await order(page);
  await expect.poll(() => ticketsOf(control, first).length).toBe(1);
  const ticket = control.prints[0]!;
  expect(ticket.startsWith("\x1b@")).toBe(true);
  expect(ticket).toContain("TIKET DAPUR");
  expect(ticket).toContain("1x Es Nyala");
  expect(ticket).not.toContain("CETAK ULANG");
  expect(ticket.endsWith("\x1dV\x00\n")).toBe(true);
  for (const board of [kitchen, counter, secondTab])
    await expect(cardOf(board, first).getByTestId("order-printed")).toHaveText(
      /^Tiket dapur dicetak \d\d\.\d\d$/,
    );

  // The kitchen's live stream drops and comes back; then a tab is reloaded.
  await kitchen.evaluate(() => (window as unknown as { __dropLiveStreams(): void }).__dropLiveStreams());
  await expect(kitchen.getByTestId("board-live")).toContainText("Menyambungkan");
  await expect(kitchen.getByTestId("board-live")).toContainText("Langsung", { timeout: 15_000 });
  expect(ticketsOf(control, first)).toHaveLength(1);
  await kitchen.reload();
  await waitForHydration(kitchen);
  await expect(kitchen.getByTestId("board-live")).toContainText("Langsung");

  const second = await order(page, "Es Teh Jumbo");
  await expect.poll(() => ticketsOf(control, second).length).toBe(1);
  await expect(cardOf(counter, second).getByTestId("order-printed")).toHaveText(/^Tiket dapur dicetak/);
  expect(ticketsOf(control, first)).toHaveLength(1);
  expect(control.prints).toHaveLength(2);
  await kitchen.context().close();
  await counter.context().close();
});

test("Auto-cetak holds an unconfirmed guest order's ticket until the kitchen taps Terima", async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const control: PrinterControl = { prints: [], mode: {} };
  const kitchen = await adminPage(browser);
  await installTestPrinter(kitchen.context(), control);
  await openBoard(kitchen, { auto: true });
  const code = await order(page, "Pangsit Goreng", { confirm: false });
  const card = cardOf(kitchen, code);
  await expect(card.getByTestId("order-unsent")).toContainText(
    "Tiket dapur dicetak otomatis setelah pesanan diterima.",
  );
  // Auto-cetak asks at every order change: this one stays unprinted.
  await kitchen.waitForTimeout(1_500);
  expect(ticketsOf(control, code)).toHaveLength(0);
  await card.getByRole("button", { name: `Terima pesanan ${code}` }).click();
  await expect.poll(() => ticketsOf(control, code).length).toBe(1);
  await expect(card.getByTestId("order-printed")).toHaveText(/^Tiket dapur dicetak/);
  await kitchen.context().close();
});

test("a printer that is absent or out of paper says so and leaves the order unprinted; Cetak ulang prints REPRINT", async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const control: PrinterControl = { prints: [], mode: { fail: "NotFoundError" } };
  const board = await adminPage(browser);
  await installTestPrinter(board.context(), control);
  await openBoard(board);
  const code = await order(page);
  const card = cardOf(board, code);
  const print = (label: string) => card.getByRole("button", { name: `${label} pesanan ${code}` }).click();

  await print("Cetak tiket dapur");
  await expect(card.getByRole("alert")).toHaveText(
    "Printer tidak ditemukan. Nyalakan printer dan sambungkan kabel atau Bluetooth-nya. Pesanan belum ditandai dicetak.",
  );
  control.mode = { status: "paper-out" };
  await print("Cetak tiket dapur");
  await expect(card.getByRole("alert")).toHaveText(
    "Kertas printer habis. Isi kertas, lalu cetak lagi. Pesanan belum ditandai dicetak.",
  );
  await board.reload();
  await waitForHydration(board);
  await expect(card.getByTestId("order-printed")).toHaveText("Belum dicetak ke printer.");
  expect(control.prints).toEqual([]);

  control.mode = {};
  await print("Cetak tiket dapur");
  await expect(card.getByRole("status")).toHaveText(`Tiket dapur ${code} dicetak.`);
  await expect(card.getByTestId("order-printed")).toHaveText(/^Tiket dapur dicetak \d\d\.\d\d$/);
  await print("Cetak ulang tiket dapur");
  await expect(card.getByRole("status")).toHaveText(`Tiket dapur ${code} dicetak ulang.`);
  await expect(card.getByTestId("order-printed")).toHaveText(
    /^Tiket dapur dicetak \d\d\.\d\d \(cetak ulang 1×\)$/,
  );
  expect(control.prints).toHaveLength(2);
  expect(control.prints[0]).not.toContain("CETAK ULANG");
  // 58 mm: the large banner takes two lines of 16 characters.
  expect(control.prints[1]).toMatch(/CETAK ULANG .*\n.*\(REPRINT\)/);

  await board.getByTestId("printer-summary").click();
  await card.getByText(`Tampilan cetak (58 / 80 mm) pesanan ${code}`).click();
  expect(await seriousViolations(board)).toEqual([]);

  // The receipt, from the order's own page (the card's code links to it).
  await card.getByRole("link", { name: code, exact: true }).click();
  await expect(board).toHaveURL(new RegExp(`/admin/pesanan/${code}$`));
  await expect(board.getByRole("heading", { name: `Pesanan ${code}` })).toBeVisible();
  await expect(board.getByTestId("order-printed")).toHaveText(/^Tiket dapur dicetak .*\(cetak ulang 1×\)$/);
  await board.getByRole("button", { name: `Cetak struk pesanan ${code}` }).click();
  await expect(board.getByRole("status")).toHaveText(`Struk ${code} dicetak.`);
  expect(control.prints[2]).toMatch(/TOTAL +Rp 8\.000/);
  expect(await seriousViolations(board)).toEqual([]);
  await board.context().close();
});

test("the print views at 58 and 80 mm fit their paper, work without JavaScript, and print with Cetak", async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const code = await order(page);
  const admin = await adminPage(browser);
  await admin.addInitScript(() => {
    const counter = window as unknown as { printed: number };
    counter.printed = 0;
    window.print = () => void counter.printed++;
  });
  for (const kind of ["dapur", "struk"] as const) {
    for (const paper of [58, 80] as const) {
      const path = `/admin/pesanan/${code}/cetak/${kind}/${paper}`;
      expect((await page.request.get(path)).status(), "a visitor who is not an admin").toBe(404);
      await admin.goto(path);
      await expect(admin).toHaveTitle(`${kind === "dapur" ? "Tiket dapur" : "Struk"} ${code} · ${paper} mm`);
      const sheet = admin.getByTestId("ticket-paper");
      await expect(sheet).toContainText(kind === "dapur" ? "TIKET DAPUR" : "Mie Nyala");
      await expect(sheet).toContainText(kind === "dapur" ? "1x Es Nyala" : /TOTAL\s+Rp 8\.000/);
      if (kind === "dapur") await expect(sheet).not.toContainText("Rp");

      // On paper: as wide as the paper, every line within the printed width (48 / 72 mm).
      await admin.emulateMedia({ media: "print" });
      const layout = await sheet.evaluate((element) => {
        const box = element.getBoundingClientRect();
        const style = getComputedStyle(element);
        const left = box.left + parseFloat(style.paddingLeft);
        const right = box.right - parseFloat(style.paddingRight);
        const spans = [...element.querySelectorAll('[data-testid="ticket-line"] > span')];
        return {
          width: box.width,
          printed: right - left,
          outside: spans
            .filter((span) => {
              const line = span.getBoundingClientRect();
              return line.left < left - 0.5 || line.right > right + 0.5;
            })
            .map((span) => span.textContent),
          lines: spans.length,
        };
      });
      const mm = (value: number) => (value / 96) * 25.4;
      expect(mm(layout.width)).toBeCloseTo(paper, 0);
      expect(mm(layout.printed)).toBeCloseTo(paper === 58 ? 48 : 72, 0);
      expect(layout.outside).toEqual([]);
      expect(layout.lines).toBeGreaterThan(10);
      await expect(sheet).toHaveScreenshot(`${kind}-${paper}.png`, {
        // The order's code and its date and time change with every run.
        mask: [
          sheet.getByTestId("ticket-line").filter({ hasText: code }),
          sheet.getByTestId("ticket-line").filter({ hasText: /, \d\d\.\d\d$/ }),
        ],
      });
      await admin.emulateMedia({ media: "screen" });
      await admin.getByRole("button", { name: "Cetak", exact: true }).click();
    }
  }
  expect(await admin.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);

  // Without JavaScript: the card's links open the view; no Cetak button (window.print needs a script).
  const noScript = await browser.newContext({
    baseURL: new URL(admin.url()).origin,
    storageState: await admin.context().storageState(),
    javaScriptEnabled: false,
    locale: "id-ID",
  });
  const board = await noScript.newPage();
  await board.goto("/admin/pesanan");
  const card = cardOf(board, code);
  await card.getByText(`Tampilan cetak (58 / 80 mm) pesanan ${code}`).click();
  const [view] = await Promise.all([
    board.waitForEvent("popup"),
    card.getByRole("link", { name: `Struk 80 mm pesanan ${code}` }).click(),
  ]);
  await expect(view.getByTestId("ticket-paper")).toContainText(/TOTAL\s+Rp 8\.000/);
  await expect(view.getByRole("button", { name: "Cetak" })).toBeHidden();
  await noScript.close();
  await admin.context().close();
});
