import { describe, expect, it } from "vitest";
import { createDeferredHydrationStream, deferHydration, scriptsOfPage } from "./deferred-hydration.server.ts";

const NONCE = "bm9uY2UtZm9yLXRlc3Q=";
const MODULE_CODE = `import * as route0 from "/assets/root-A.js";
window.__reactRouterManifest = { "note": "Lezat & pedas — Rp 10.000" };
import("/assets/entry.client-B.js");`;

/** A document shaped as React Router and react-dom write it. */
const page = (moduleCode = MODULE_CODE) =>
  `<!DOCTYPE html><html lang="id"><head><title>Produk | Mie Nyala</title>` +
  `<link rel="modulepreload" href="/assets/entry.client-B.js" nonce="${NONCE}"/>` +
  `<link rel="modulepreload" href="/assets/framework-C.js" nonce="${NONCE}"/>` +
  `<link rel="modulepreload" href="/assets/root-A.js" nonce="${NONCE}"/>` +
  `<link rel="modulepreload" href="/assets/product-card-D.js" nonce="${NONCE}"/>` +
  `</head><body><h1>Menu pedas</h1><img src="/images/hero.webp" fetchpriority="high"/>` +
  `<script nonce="${NONCE}">window.__reactRouterContext = {};</script>` +
  `<script nonce="${NONCE}" type="module" async="">${moduleCode}</script>` +
  `<!--$--><script nonce="${NONCE}">window.__reactRouterContext.streamController.close();</script><!--/$--></body></html>`;

/** `input` through the stream in pieces of `size` bytes. */
async function streamed(input: Buffer, size: number) {
  const stream = createDeferredHydrationStream(NONCE);
  const chunks: Buffer[] = [];
  stream.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise((resolve) => stream.on("end", resolve));
  for (let offset = 0; offset < input.length; offset += size)
    stream.write(input.subarray(offset, offset + size));
  stream.end();
  await done;
  return { out: Buffer.concat(chunks) };
}

/** The starter's code in a rewritten document: the inline script up to its first `</script>`. */
const starterOf = (out: string) =>
  /<script nonce="[^"]+">(\(\(\)=>\{const m=document.getElementById[\s\S]*?)<\/script>/.exec(out)![1]!;

describe("deferred hydration", () => {
  it("takes the preload hints out and keeps the module script inert, followed by its starter", () => {
    const out = deferHydration(page(), NONCE)!;
    expect(out).not.toMatch(/<link rel="modulepreload"/);
    expect(out).not.toMatch(/<script[^>]* type="module"/);
    expect(out).toContain(
      `<script nonce="${NONCE}" type="text/x-nyala-module" id="nyala-module">${MODULE_CODE}</script><script nonce="${NONCE}">`,
    );
    const starter = starterOf(out);
    // The entry and the framework are hinted first, the route modules after the module script.
    const first = starter.indexOf('["/assets/entry.client-B.js","/assets/framework-C.js"]');
    const script = starter.indexOf("e.textContent=m.textContent");
    const rest = starter.indexOf('["/assets/root-A.js","/assets/product-card-D.js"]');
    expect(first).toBeGreaterThan(-1);
    expect(script).toBeGreaterThan(first);
    expect(rest).toBeGreaterThan(script);
    expect(starter).toContain('img[fetchpriority="high"]');
    // The head ends with the mark that holds the lazy pictures; everything else is untouched, in order.
    expect(
      out.startsWith(
        '<!DOCTYPE html><html lang="id"><head><title>Produk | Mie Nyala</title>' +
          `<script nonce="${NONCE}">document.documentElement.dataset.pictures="later"</script></head>`,
      ),
    ).toBe(true);
    expect(
      out.endsWith(
        '<!--$--><script nonce="' +
          NONCE +
          '">window.__reactRouterContext.streamController.close();</script><!--/$--></body></html>',
      ),
    ).toBe(true);
  });

  it("names the scripts the page loads: the module script's imports and every hint, not the manifest's", () => {
    const manifest = `window.__reactRouterManifest = {"routes":{"landing":{"module":"/assets/landing-E.js","imports":["/assets/other-F.js"]}}};`;
    const out = deferHydration(page(`${MODULE_CODE}\n${manifest}`), NONCE)!;
    expect(scriptsOfPage(out).sort()).toEqual([
      "/assets/entry.client-B.js",
      "/assets/framework-C.js",
      "/assets/product-card-D.js",
      "/assets/root-A.js",
    ]);
  });

  it("after the first paint, lets the pictures go and starts the app one step per task: each first hint, the module script, each other hint", () => {
    const out = deferHydration(page(), NONCE)!;
    const code = starterOf(out);
    // Enough of a browser: a head recording what is added, a paint observer fired by hand, timers as tasks.
    const added: string[] = [];
    const tasks: (() => void)[] = [];
    let reportPaint: ((list: { getEntriesByName(name: string): unknown[] }) => void) | undefined;
    const documentElement = { dataset: { pictures: "later" } as Record<string, string> };
    const document = {
      documentElement,
      getElementById: () => ({ nonce: NONCE, textContent: MODULE_CODE }),
      createElement: (tag: string) => ({ tag }),
      head: {
        append: (element: {
          tag: string;
          rel?: string;
          href?: string;
          type?: string;
          textContent?: string;
        }) =>
          added.push(element.rel === "modulepreload" ? element.href! : `<${element.tag} ${element.type}>`),
      },
      querySelector: () => null,
    };
    class FakePerformanceObserver {
      static supportedEntryTypes = ["paint"];
      constructor(callback: typeof reportPaint) {
        reportPaint = callback;
      }
      observe() {}
      disconnect() {}
    }
    const run = new Function("document", "PerformanceObserver", "setTimeout", "addEventListener", code);
    run(
      document,
      FakePerformanceObserver,
      (task: () => void) => tasks.push(task),
      () => {},
    );
    expect(added).toEqual([]);
    expect(documentElement.dataset.pictures).toBe("later");

    reportPaint!({ getEntriesByName: (name) => (name === "first-contentful-paint" ? [{}] : []) });
    const perTask = [added.splice(0)];
    // The lazy pictures are let go at once, before the first script is fetched.
    expect(documentElement.dataset.pictures).toBeUndefined();
    while (tasks.length > 0) {
      tasks.shift()!();
      perTask.push(added.splice(0));
    }
    expect(perTask.filter((step) => step.length > 0)).toEqual([
      ["/assets/entry.client-B.js"],
      ["/assets/framework-C.js"],
      ["<script module>"],
      ["/assets/root-A.js"],
      ["/assets/product-card-D.js"],
    ]);
  });

  it("waits for the whole module script, and leaves a page without one alone", () => {
    const whole = page();
    const cut = whole.indexOf("import(");
    expect(deferHydration(whole.slice(0, cut), NONCE)).toBeNull();
    expect(deferHydration("<html><body><p>Tanpa skrip</p></body></html>", NONCE)).toBeNull();
  });

  it("never lets a module path close the starter's script element", () => {
    const hostile = page().replace("/assets/framework-C.js", "/assets/framework-<!--<script>alert(1).js");
    const out = deferHydration(hostile, NONCE)!;
    const starter = starterOf(out);
    expect(starter).toContain("framework-\\u003c!--\\u003cscript>alert(1).js");
    expect(starter).not.toMatch(/<(?:!--|\/?script)/i);
  });

  it("as a stream: the same bytes, whatever the chunks, UTF-8 split across chunks included", async () => {
    const input = Buffer.from(page(), "utf8");
    const expected = Buffer.from(deferHydration(page(), NONCE)!, "utf8");
    for (const size of [1, 7, 64, 333, input.length]) {
      expect((await streamed(input, size)).out.equals(expected), `chunks of ${size} bytes`).toBe(true);
    }
  });

  it("as a stream: a long menu in React's 2 KB chunks gives the bytes the whole page gives", async () => {
    const items = Array.from(
      { length: 1_000 },
      (_, i) =>
        `<li><h3>Mie Nyala ${i} — pedas 🌶️</h3><p>Rp ${i}.000 &gt; hemat</p><button>Tambah</button></li>`,
    ).join("");
    const long = page().replace("<h1>Menu pedas</h1>", `<h1>Menu pedas</h1><ul>${items}</ul>`);
    const input = Buffer.from(long, "utf8");
    const expected = Buffer.from(deferHydration(long, NONCE)!, "utf8");
    const { out } = await streamed(input, 2048);
    expect(out.equals(expected)).toBe(true);
  });

  it("as a stream: what React writes in one go leaves as one chunk, not one per 2 KB", async () => {
    const input = Buffer.from(page().replace("<h1>", `<h1>${"Mie pedas ".repeat(20_000)}`), "utf8");
    const stream = createDeferredHydrationStream(NONCE);
    const chunks: Buffer[] = [];
    stream.on("data", (chunk: Buffer) => chunks.push(chunk));
    const done = new Promise((resolve) => stream.on("end", resolve));
    for (let offset = 0; offset < input.length; offset += 2048)
      stream.write(input.subarray(offset, offset + 2048));
    await new Promise((resolve) => setImmediate(resolve));
    stream.end();
    await done;
    expect(chunks).toHaveLength(1);
    expect(
      Buffer.concat(chunks).equals(Buffer.from(deferHydration(input.toString("utf8"), NONCE)!, "utf8")),
    ).toBe(true);
  });

  it("as a stream: the rewritten head leaves before the rest of the page is written", async () => {
    const input = Buffer.from(page(), "utf8");
    const stream = createDeferredHydrationStream(NONCE);
    const chunks: Buffer[] = [];
    stream.on("data", (chunk: Buffer) => chunks.push(chunk));
    stream.write(input.subarray(0, input.indexOf("<h1>") + 10));
    await new Promise((resolve) => setImmediate(resolve));
    const early = Buffer.concat(chunks).toString("utf8");
    expect(early).toContain(
      `<script nonce="${NONCE}">document.documentElement.dataset.pictures="later"</script></head>`,
    );
    expect(early).not.toContain("modulepreload");
    stream.end(input.subarray(input.indexOf("<h1>") + 10));
  });

  it("as a stream: a page whose module script never comes gets its pictures back at its end", async () => {
    const whole = page();
    const input = Buffer.from(whole.slice(0, whole.indexOf("<script nonce")) + "</body></html>", "utf8");
    const text = (await streamed(input, 50)).out.toString("utf8");
    expect(text).toContain('dataset.pictures="later"</script></head>');
    expect(
      text.endsWith(
        `</body></html><script nonce="${NONCE}">delete document.documentElement.dataset.pictures</script>`,
      ),
    ).toBe(true);
  });

  it("as a stream: a document without the module script passes through unchanged", async () => {
    const input = Buffer.from("<html><body><p>Halaman error — tanpa skrip</p></body></html>", "utf8");
    expect((await streamed(input, 30)).out.equals(input)).toBe(true);
  });
});
