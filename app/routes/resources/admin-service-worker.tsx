import source from "~/features/push/service-worker.js?raw";

// Served from /admin/ so its scope is the admin area; public, it holds only the code that shows a push.
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
