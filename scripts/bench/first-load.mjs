// A page's first-load bytes as the benches count them (gzip level 6): the scripts its HTML hints or
// imports, those the deferred-hydration starter adds, and its stylesheets. Shared by run.mjs,
// live.mjs and page-weights.mjs.
import { gzipSync } from "node:zlib";
import { scriptsOfPage } from "../../app/lib/deferred-hydration.server.ts";

export const gz = (buffer) => gzipSync(buffer, { level: 6 }).length;

async function fetchBytes(url, headers = {}) {
  const response = await fetch(url, { headers });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return Buffer.from(await response.arrayBuffer());
}

/** The HTML, JS and CSS bytes of `pathname` on `base`, asked with `headers` (a cookie). */
export async function firstLoad(base, pathname, headers = {}) {
  const html = await fetchBytes(`${base}${pathname}`, headers);
  const text = html.toString("utf8");
  const js = new Set();
  const css = new Set();
  for (const match of text.matchAll(/<(script|link)\b[^>]*>/g)) {
    const tag = match[0];
    const src = /\b(?:src|href)="([^"]+)"/.exec(tag)?.[1];
    if (!src || !src.startsWith("/")) continue;
    if (tag.startsWith("<script") || /rel="modulepreload"/.test(tag)) js.add(src);
    else if (/rel="stylesheet"/.test(tag)) css.add(src);
  }
  for (const src of scriptsOfPage(text)) js.add(src);
  const sizeOf = async (urls) => {
    let total = 0;
    for (const url of urls) total += gz(await fetchBytes(`${base}${url}`));
    return total;
  };
  return {
    htmlBytes: html.length,
    htmlGzip: gz(html),
    jsGzip: await sizeOf(js),
    jsFiles: js.size,
    cssGzip: await sizeOf(css),
  };
}
