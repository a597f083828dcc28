import { monitorEventLoopDelay } from "node:perf_hooks";
import { PassThrough } from "node:stream";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import type { EntryContext, HandleDataRequestFunction, HandleErrorFunction } from "react-router";
import { isRouteErrorResponse, ServerRouter } from "react-router";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { announceAdminCode } from "~/features/accounts/admin-code.server.ts";
import { preparePhotos } from "~/features/media/prepare-photos.server.ts";
import { getDatabaseHandle } from "~/lib/db.server.ts";
import { startPushWorker } from "~/features/push/push-worker.server.ts";
import { pushesAllowed } from "~/features/push/vapid.server.ts";
import { isCrossSiteRequest } from "~/lib/csrf.server.ts";
import { noteOutage, outageWords } from "~/lib/outage.server.ts";
import { createDeferredHydrationStream } from "~/lib/deferred-hydration.server.ts";
import { SLOT_MARKERS } from "~/lib/page-cache.server.ts";
import { sitePages } from "~/site-pages.server.ts";
import { VisitorSlotMarkers } from "~/lib/visitor-island.ts";
import { applySecurityHeaders, contentSecurityPolicy, createNonce } from "~/lib/security-headers.server.ts";
import stylesheet from "./app.css?inline";

export const streamTimeout = 5_000;

const production = process.env.NODE_ENV === "production";

// Open the database (migrations and seed) as the server starts, not on the first request; then
// older uploads' files move into it, and an owner still to prove ADMIN_EMAILS gets a code in the
// log (the server around the app reports a database that fails).
void getDatabaseHandle().then(
  ({ db }) =>
    Promise.all([
      preparePhotos(db),
      announceAdminCode(db).catch((error: unknown) => console.error("Kode admin tidak bisa dibuat:", error)),
    ]),
  () => undefined,
);
// Every server sends the admins' pushes of new orders, however many run (features/push); in
// production only with a VAPID subject Apple accepts, or no iPhone would ever ring.
if (pushesAllowed()) startPushWorker();

/**
 * What the server around the app needs from it (`AppHooks` in server/main.ts): the database's
 * life, its background workers' stop (before the database closes), outages, cached pages.
 */
export { closeDatabase, getDatabaseHandle } from "~/lib/db.server.ts";
export { stopPushWorker as stopWorkers } from "~/features/push/push-worker.server.ts";
export { outageSeenWithin, requestOutage } from "~/lib/outage.server.ts";
export const answerWithoutCookies = sitePages.answerWithoutCookies;

// For the mixed-load bench: with EVENT_LOOP_REPORT=1, SIGUSR2 prints the event-loop delay since
// the last report (ms) on stderr as one JSON line, then starts a new measurement.
if (process.env.EVENT_LOOP_REPORT === "1") {
  const delay = monitorEventLoopDelay({ resolution: 5 });
  delay.enable();
  process.on("SIGUSR2", () => {
    const ms = (nanoseconds: number) => Math.round(nanoseconds / 1e4) / 100;
    const report = { p50: ms(delay.percentile(50)), p99: ms(delay.percentile(99)), max: ms(delay.max) };
    console.error(`EVENT_LOOP ${JSON.stringify(report)}`);
    delay.reset();
  });
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
) {
  const nonce = createNonce();
  // The whole stylesheet (about 10 KB compressed) goes into the page's <head> instead of a
  // render-blocking request: the first paint needs nothing but the document
  // (docs/decisions/0008-first-paint-before-javascript.md). React Router renders it as its
  // critical CSS,
  // with the nonce; the browser never renders it itself, so hydration leaves it in place.
  if (!import.meta.env.DEV) routerContext.criticalCss = stylesheet;
  applySecurityHeaders(responseHeaders, production);
  responseHeaders.set("Content-Security-Policy", contentSecurityPolicy(nonce, production));

  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";

    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    );

    const { pipe, abort } = renderToPipeableStream(
      // The visitor's own values are not rendered but marked, and filled in per request
      // (lib/page-cache.server.ts), so one rendering serves every visitor of a kind.
      <VisitorSlotMarkers value={SLOT_MARKERS}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </VisitorSlotMarkers>,
      {
        nonce,
        // A part of the page that is ready is written where it belongs, however large the page:
        // React would otherwise move it to the end, to be put in place by a script, which a
        // browser without JavaScript never runs (the cart's lines: lib/lazy-component.ts).
        progressiveChunkSize: Number.MAX_SAFE_INTEGER,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          if (import.meta.env.DEV) {
            pipe(body);
          } else {
            // The page paints before its JavaScript loads (deferred-hydration.server.ts).
            const deferral = createDeferredHydrationStream(nonce);
            deferral.pipe(body);
            pipe(deferral);
          }
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}

export const handleDataRequest: HandleDataRequestFunction = (response) => {
  applySecurityHeaders(response.headers, production);
  return response;
};

/** Answers like 405 (a POST where there is no action) are the client's mistake, not ours: not logged. */
/**
 * React Router's errors for an action whose Origin is not this site: its own message for a page
 * (lib/actions.ts), "Bad Request" for a data URL (lib/server-runtime/single-fetch.ts).
 */
const REFUSED_CROSS_SITE =
  /^(?:The `request\.url` origin does not match|`origin` header is not a valid URL|Bad Request$)/;

export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) return;
  // The database away or the disk full: the server answers 503 (lib/outage.server.ts); one line.
  if (noteOutage(request, error)) {
    console.error(`${request.method} ${new URL(request.url).pathname}:`, outageWords(error));
    return;
  }
  // React Router refuses a cross-site action itself (400) and reports it here: one line, not a
  // stack trace per forged request.
  if (error instanceof Error && REFUSED_CROSS_SITE.test(error.message) && isCrossSiteRequest(request)) {
    console.warn(`cross-site ${request.method} ${new URL(request.url).pathname} refused`);
    return;
  }
  console.error(error);
};
