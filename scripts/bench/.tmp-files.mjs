import { gz } from "./first-load.mjs";
import { scriptsOfPage } from "../../app/lib/deferred-hydration.server.ts";
import { filledCart, placeOrder, signInAdmin, startShop } from "./shop.mjs";
const server = await startShop();
const base = server.base;
try {
  const order = await placeOrder(base);
  const customer = await signInAdmin(base, `pelanggan-${Date.now()}@bench.test`);
  const cart = await filledCart(base);
  const visits = [["/"],["/beranda"],["/produk"],["/keranjang"],["/keranjang",cart],["/keranjang/pesan/mie-nyala-level-1"],["/tentang"],["/kontak"],["/masuk"],["/daftar"],[`/pesanan/${order.code}`,order.cookie],["/pesanan-saya",customer]];
  const cache = new Map();
  for (const [p, cookie] of visits) {
    const text = await (await fetch(base + p, { headers: cookie ? { cookie } : {} })).text();
    const js = new Set();
    for (const m of text.matchAll(/<(script|link)\b[^>]*>/g)) {
      const tag = m[0]; const src = /\b(?:src|href)="([^"]+)"/.exec(tag)?.[1];
      if (!src || !src.startsWith("/")) continue;
      if (tag.startsWith("<script") || /rel="modulepreload"/.test(tag)) js.add(src);
    }
    for (const s of scriptsOfPage(text)) js.add(s);
    let total = 0; const rows = [];
    for (const u of js) { if (!cache.has(u)) cache.set(u, gz(Buffer.from(await (await fetch(base + u)).arrayBuffer()))); total += cache.get(u); rows.push(`${(cache.get(u)/1024).toFixed(2)} ${u.replace('/assets/','')}`); }
    console.log(`${p}${cookie?' (cookie)':''} ${(total/1024).toFixed(1)}\n   ` + rows.filter(r=>!r.includes('framework')).join("\n   "));
  }
} finally { await server.stop(); }
