import { test as base, expect, type BrowserContext, type ConsoleMessage, type Page } from "@playwright/test";

/**
 * The storefront's Playwright fixtures. Every test gets, for free:
 * - no network beyond the app: any request to another host (wa.me, a CDN, fonts) is aborted and
 *   recorded, and the test fails if one was attempted;
 * - no console errors and no uncaught exceptions on any page of the test (including extra tabs),
 *   unless the test names the ones it expects with `allowConsoleError`.
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
  page: async ({ page, problems }, provide) => {
    watchPage(page, problems);
    await provide(page);
  },
  allowConsoleError: async ({ problems }, provide) => {
    await provide((pattern) => problems.allowed.push(pattern));
  },
});

export { expect };
