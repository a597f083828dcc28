// The admin app's service worker (0036), served at /admin/sw.js for /admin/: it caches nothing and
// handles no fetch.

self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

// A browser must show something for each push, readable or not.
const FALLBACK = {
  title: "Pesanan baru",
  body: "Buka papan pesanan.",
  url: "/admin/pesanan",
  tag: "pesanan",
};

function readMessage(data) {
  try {
    const message = data?.json();
    return message && typeof message.title === "string" ? message : FALLBACK;
  } catch {
    return FALLBACK;
  }
}

self.addEventListener("push", (event) => {
  const message = readMessage(event.data);
  event.waitUntil(
    self.registration.showNotification(message.title, {
      body: message.body,
      // One notification per order: a reminder replaces the last one and alerts again.
      tag: message.tag,
      renotify: true,
      requireInteraction: true,
      icon: "/images/admin-app/icon-192.png",
      badge: "/images/admin-app/badge-96.png",
      vibrate: [300, 120, 300, 120, 300],
      lang: "id",
      data: { url: message.url },
    }),
  );
});

async function openOrder(url) {
  const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
  const admin = windows.filter((client) => new URL(client.url).pathname.startsWith("/admin/"));
  const target = admin.find((client) => new URL(client.url).pathname === "/admin/pesanan") ?? admin[0];
  if (!target) return self.clients.openWindow(url.href);
  await target.focus();
  // The page moves there itself (features/push/use-admin-app.ts), without reloading the board.
  target.postMessage({ type: "buka-pesanan", url: url.pathname + url.search });
}

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = new URL(event.notification.data?.url ?? "/admin/pesanan", self.location.origin);
  if (url.origin !== self.location.origin || !url.pathname.startsWith("/admin/")) return;
  event.waitUntil(openOrder(url));
});
