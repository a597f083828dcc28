// Web Push of new orders for `npm run bench`: from each checkout to its push reaching PUSH_DEVICES
// (50) devices on a local push service, over PUSH_ORDERS (30) orders, and the board's first-load JS
// (docs/decisions/0036-web-push.md). Reports; asserts nothing.
import { startFakePushService } from "../../tests/support/fake-push-service.ts";
import { firstLoadJs, signInAdmin, startShop } from "./shop.mjs";

const devices = Number(process.env.PUSH_DEVICES || 50);
const orderCount = Number(process.env.PUSH_ORDERS || 30);
const DEVICES_PER_ADMIN = 10;
const admins = Array.from(
  { length: Math.ceil(devices / DEVICES_PER_ADMIN) },
  (_, i) => `admin-push-${i}@nyala.test`,
);
const targets = { p99Ms: 2000, boardJsKb: 160 };

const service = await startFakePushService();
// The push service here speaks plain HTTP on 127.0.0.1: allowed in a test run only.
const shop = await startShop({ ADMIN_EMAILS: admins.join(","), NYALA_TEST_MODE: "1" });
const { base } = shop;

async function post(cookie, values) {
  const response = await fetch(`${base}/admin/notifikasi-push`, {
    method: "POST",
    body: new URLSearchParams(values),
    headers: { cookie, origin: base },
  });
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`/admin/notifikasi-push ${values.intent}: ${response.status}`);
}

/** A guest's order, as "Tambah" and the cart page's form send it without JavaScript; its code. */
async function placeOrder() {
  const added = await fetch(`${base}/keranjang`, {
    method: "POST",
    body: new URLSearchParams({ intent: "tambah", menu: "es-nyala" }),
    redirect: "manual",
  });
  await added.arrayBuffer();
  const cookie = added.headers.getSetCookie()[0]?.split(";")[0];
  const sent = performance.timeOrigin + performance.now();
  const response = await fetch(`${base}/pesanan`, {
    method: "POST",
    headers: { cookie },
    body: new URLSearchParams({
      nama: "Pelanggan Bench",
      whatsapp: "0812-3456-7890",
      cara: "ambil",
      waktu: "secepatnya",
    }),
  });
  const code = /data-testid="order-code">(NY-[A-Z0-9]+)</.exec(await response.text())?.[1];
  return { code, sent, answered: performance.timeOrigin + performance.now() };
}

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};

try {
  let subscribed = 0;
  let cookie;
  for (const email of admins) {
    cookie = await signInAdmin(base, email);
    for (let i = 0; i < DEVICES_PER_ADMIN && subscribed < devices; i++, subscribed++) {
      const device = service.subscription(`perangkat-${subscribed}`);
      await post(cookie, {
        intent: "nyalakan",
        endpoint: device.endpoint,
        p256dh: device.p256dh,
        auth: device.auth,
      });
    }
  }
  // Reminders come 2 minutes later; none during the run.
  await post(cookie, { intent: "ulangan", ulangan: "0" });
  console.log(`Web Push: ${devices} admin devices on one server (embedded database), ${orderCount} orders\n`);

  const latencies = [];
  const checkouts = [];
  let lost = 0;
  for (let n = 0; n < orderCount; n++) {
    const before = service.received.length;
    const order = await placeOrder();
    checkouts.push(order.answered - order.sent);
    try {
      await service.waitFor(before + devices, 10_000);
    } catch {
      // reported as lost below
    }
    const pushes = service.received.slice(before).filter((push) => push.headers.topic === order.code);
    lost += devices - pushes.length;
    for (const push of pushes) latencies.push(push.at - order.sent);
  }
  const board = await firstLoadJs(base, "/admin/pesanan", cookie);

  const p50 = percentile(latencies, 50);
  const p99 = percentile(latencies, 99);
  console.log(
    `Order placed → push request received (${latencies.length} pushes): p50 ${p50.toFixed(0)} ms, p99 ${p99.toFixed(0)} ms, max ${Math.max(...latencies).toFixed(0)} ms, lost ${lost}`,
  );
  console.log(
    `Checkout's own answer (POST /pesanan): p50 ${percentile(checkouts, 50).toFixed(0)} ms, p99 ${percentile(checkouts, 99).toFixed(0)} ms`,
  );
  console.log(`First-load JS (gzip): board /admin/pesanan ${(board / 1024).toFixed(1)} KB`);
  console.log("\nTargets:");
  const check = (ok, text) => console.log(`  ${ok ? "met   " : "MISSED"}  ${text}`);
  check(
    p99 <= targets.p99Ms && lost === 0,
    `every push sent within ${targets.p99Ms} ms p99: ${p99.toFixed(0)} ms, ${lost} lost`,
  );
  check(
    board <= targets.boardJsKb * 1024,
    `board first-load JS ≤ ${targets.boardJsKb} KB gzip: ${(board / 1024).toFixed(1)} KB`,
  );
} finally {
  await shop.stop();
  await service.close();
}
