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

// The database opens as the server starts; then older uploads move into it and an unproven owner gets a code.
void getDatabaseHandle().then(
  ({ db }) =>
    Promise.all([
      preparePhotos(db),
      announceAdminCode(db).catch((error: unknown) => console.error("Kode admin tidak bisa dibuat:", error)),
    ]),
  () => undefined,
);
// In production pushes go only with a VAPID subject Apple accepts, or no iPhone would ever ring.
if (pushesAllowed()) startPushWorker();

export { closeDatabase, getDatabaseHandle } from "~/lib/db.server.ts";
export { stopPushWorker as stopWorkers } from "~/features/push/push-worker.server.ts";
export { outageSeenWithin, requestOutage } from "~/lib/outage.server.ts";
export const answerWithoutCookies = sitePages.answerWithoutCookies;

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
  // The stylesheet inlined as critical CSS with the nonce: the first paint needs only the document (0008).
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
      <VisitorSlotMarkers value={SLOT_MARKERS}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </VisitorSlotMarkers>,
      {
        nonce,
        // Ready parts are written in place, not moved by a script a browser without JavaScript never runs.
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

// React Router's messages for a cross-site action: a page's, and "Bad Request" for a data URL.
const REFUSED_CROSS_SITE =
  /^(?:The `request\.url` origin does not match|`origin` header is not a valid URL|Bad Request$)/;

export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) return;
  if (noteOutage(request, error)) {
    console.error(`${request.method} ${new URL(request.url).pathname}:`, outageWords(error));
    return;
  }
  // React Router refuses a cross-site action itself (400) and reports it here: one line, not a stack trace.
  if (error instanceof Error && REFUSED_CROSS_SITE.test(error.message) && isCrossSiteRequest(request)) {
    console.warn(`cross-site ${request.method} ${new URL(request.url).pathname} refused`);
    return;
  }
  console.error(error);
};
