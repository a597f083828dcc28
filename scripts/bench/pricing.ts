// Pricing a 30-line cart against 50 active promo rules (app/features/pricing/pricing.ts):
// p50/p99/max of one call over many, after a warm-up. Target p99 < 1 ms. Reports, asserts nothing.
//   node scripts/bench/pricing.ts        (BENCH_PRICING_RUNS, default 20000)
import os from "node:os";
import { performance } from "node:perf_hooks";
import type { PromoRule, PromoTarget } from "../../database/types.ts";
import type { PricingItem, PricingPromo } from "../../app/features/promotions/adjustments.ts";
import { priceCart } from "../../app/features/pricing/pricing.ts";

const runs = Number(process.env.BENCH_PRICING_RUNS || 20_000);

// A deterministic generator, so every run measures the same cart and rules.
let state = 42;
const random = () => (state = (state * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648;
const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;

const categories = ["makanan", "minuman", "cemilan", "paket"];
const menu = new Map<string, PricingItem>();
for (let index = 0; index < 40; index++) {
  const family = index < 12 ? `Mie ${Math.floor(index / 4)}` : null;
  menu.set(`menu-${index}`, {
    id: `menu-${index}`,
    nama: `Menu ${index}`,
    harga: 5_000 + Math.floor(random() * 30) * 500,
    category_id: pick(categories),
    level_family: family,
  });
}
const ids = [...menu.keys()];
const target = (): PromoTarget =>
  pick([
    `item:${pick(ids)}`,
    `category:${pick(categories)}`,
    `family:Mie ${Math.floor(random() * 3)}`,
  ] as const);

const rules: PromoRule[] = [];
for (let index = 0; index < 50; index++) {
  const kind = pick(["persen", "potongan", "gratis", "paket"] as const);
  rules.push({
    days: [0, 1, 2, 3, 4, 5, 6],
    time_from: index % 5 === 0 ? "00:00" : null,
    time_until: index % 5 === 0 ? "23:59" : null,
    audience: "semua",
    per_customer: null,
    targets: index % 3 === 0 ? [] : [target(), target()],
    kind,
    percent: kind === "persen" ? 5 + (index % 20) : null,
    amount: kind === "potongan" ? 2_000 + index * 100 : null,
    buy: kind === "gratis" ? 2 + (index % 3) : null,
    free: kind === "gratis" ? 1 : null,
    reward: kind === "gratis" && index % 2 === 0 ? `item:${pick(ids)}` : null,
    bundle:
      kind === "paket"
        ? [
            { target: `item:${ids[index % 20]}`, jumlah: 1 },
            { target: `item:${ids[20 + (index % 20)]}`, jumlah: 1 },
          ]
        : [],
    bundle_price: kind === "paket" ? 8_000 : null,
    min_subtotal: index % 4 === 0 ? 50_000 : 0,
    combinable: index % 4 !== 1,
  });
}
const promos: PricingPromo[] = rules.map((rule, index) => ({
  id: index + 1,
  title: `Promo ${index + 1}`,
  urutan: index,
  rule,
  active_from: null,
  active_until: null,
}));
const lines = ids
  .slice(0, 30)
  .map((id) => ({ id, harga: menu.get(id)!.harga, jumlah: 1 + Math.floor(random() * 5) }));
const input = {
  lines,
  promos,
  menu,
  now: Date.now(),
  timezone: "Asia/Makassar",
  customer: { signedIn: true, previousOrders: 0, uses: {} },
};

for (let index = 0; index < 2_000; index++) priceCart(input);
const wall = new Float64Array(runs);
for (let index = 0; index < runs; index++) {
  const start = performance.now();
  priceCart(input);
  wall[index] = performance.now() - start;
}
wall.sort();
const at = (times: Float64Array, fraction: number) => times[Math.min(runs - 1, Math.floor(fraction * runs))]!;
const result = priceCart(input);
const ms = (value: number) => `${value.toFixed(3)} ms`;
const figures = (times: Float64Array) =>
  `p50 ${ms(at(times, 0.5))}, p99 ${ms(at(times, 0.99))}, max ${ms(times[runs - 1]!)}`;
// On a shared machine the tail is mostly the scheduler giving the core away: the load is printed with it.
const load = os.loadavg()[0]!.toFixed(1);
console.log(
  `Pricing: 30 lines, 50 active rules (${result.discounts.length} applied), ${runs} runs: ${figures(wall)} ` +
    `(target p99 < 1 ms: ${at(wall, 0.99) < 1 ? "met" : "MISSED"}; load average ${load} on ${os.cpus().length} cores)`,
);
