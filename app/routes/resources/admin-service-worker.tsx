import source from "~/features/push/service-worker.js?raw";

/**
 * GET /admin/sw.js: the admin app's service worker (features/push/service-worker.js), served
 * from /admin/ so that its scope is the admin area. Public: browsers fetch it for the
 * registration and every update check; it holds nothing but the code that shows a push.
 */
export function loader() {
  return new Response(source, {
    headers: {
      "Content-Type": "text/javascript; charset=utf-8",
      // The browser checks for a new version at each registration and push.
      "Cache-Control": "no-cache",
      // The worker's own policy: it loads nothing but this site's notification icons.
      "Content-Security-Policy": "default-src 'self'",
    },
  });
}
