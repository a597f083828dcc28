import {
  test as base,
  expect,
  type BrowserContext,
  type ConsoleMessage,
  type Page,
  type Response,
} from "@playwright/test";

/**
 * The storefront's Playwright fixtures. Every test gets, for free:
 * - no network beyond the app: any request to another host (wa.me, a CDN, fonts) is aborted and
 *   recorded, and the test fails if one was attempted;
 * - no console errors and no uncaught exceptions on any page of the test (including extra tabs),
 *   unless the test names the ones it expects with `allowConsoleError`;
 * - `page.goto` and `page.reload` return once React has hydrated the page they loaded, as a
 *   visitor's next tap would find it. The page paints and fires `load` before its JavaScript runs
 *   (docs/decisions/0008-first-paint-before-javascript.md), so without this wait a test's first
 *   fill or click could race hydration. A test that looks at the page before hydration says so by
 *   passing its own `waitUntil`; contexts without JavaScript are left as they are.
 */
interface StorefrontFixtures {
  /** Accepts console errors matching `pattern` for the rest of the test (e.g. the 404 document). */
  allowConsoleError(pattern: RegExp): void;
}

interface Problems {
  consoleErrors: string[];
  pageErrors: string[];
  externalRequests: string[];
  allowed: RegExp[];
  watched: WeakSet<Page>;
}

function watchPage(page: Page, problems: Problems) {
  if (problems.watched.has(page)) return;
  problems.watched.add(page);
  page.on("console", (message: ConsoleMessage) => {
    if (message.type() !== "error") return;
    const where = message.location().url;
    problems.consoleErrors.push(`${message.text()}${where ? ` (${where})` : ""}`);
  });
  page.on("pageerror", (error) => problems.pageErrors.push(`${page.url()}: ${error.message}`));
}

/**
 * Waits until React has hydrated the document, so a click reaches its handler instead of the
 * server-rendered HTML. React marks the DOM nodes it has claimed with `__reactFiber…` keys.
 */
export async function waitForHydration(page: Page) {
  await page.waitForFunction(() => Object.keys(document.body).some((key) => key.startsWith("__reactFiber")));
}

function hydrateOnNavigation(page: Page) {
  const hydrated = async (response: Response | null, options?: { waitUntil?: unknown }) => {
    const isDocument = (response?.headers()["content-type"] ?? "").startsWith("text/html");
    if (!options?.waitUntil && isDocument) await waitForHydration(page);
    return response;
  };
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (url, options) => hydrated(await goto(url, options), options);
  page.reload = async (options) => hydrated(await reload(options), options);
}

async function isolateFromNetwork(context: BrowserContext, problems: Problems) {
  await context.route(
    (url) => url.hostname !== "localhost" && url.hostname !== "127.0.0.1",
    async (route) => {
      problems.externalRequests.push(route.request().url());
      await route.abort("blockedbyclient");
    },
  );
}

export const test = base.extend<StorefrontFixtures & { problems: Problems }>({
  problems: async ({ context }, provide) => {
    const problems: Problems = {
      consoleErrors: [],
      pageErrors: [],
      externalRequests: [],
      allowed: [],
      watched: new WeakSet(),
    };
    await isolateFromNetwork(context, problems);
    context.on("page", (page) => watchPage(page, problems));
    await provide(problems);
    const unexpected = problems.consoleErrors.filter(
      (text) => !problems.allowed.some((pattern) => pattern.test(text)),
    );
    expect(problems.externalRequests, "requests that left the app").toEqual([]);
    expect(problems.pageErrors, "uncaught exceptions").toEqual([]);
    expect(unexpected, "console errors").toEqual([]);
  },
  // The default page is created before `context.on("page")` could see it; watch it explicitly.
  page: async ({ page, problems, javaScriptEnabled }, provide) => {
    watchPage(page, problems);
    if (javaScriptEnabled !== false) hydrateOnNavigation(page);
    await provide(page);
  },
  allowConsoleError: async ({ problems }, provide) => {
    await provide((pattern) => problems.allowed.push(pattern));
  },
});

export { expect };
