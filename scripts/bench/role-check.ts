// The role check a staff request pays (decision 0056): the path's route (staffRouteOf) and the
// matrix's answer (mayUse) for a mix of roles, pages and intents; p50/p99/max of one check over
// many, after a warm-up. Target p99 < 0.2 ms. Reports, asserts nothing.
//   node scripts/bench/role-check.ts        (BENCH_ROLE_RUNS, default 200000)
import { performance } from "node:perf_hooks";
import { mayUse, staffRouteOf, STAFF_ROLES } from "../../app/features/accounts/access.ts";

const runs = Number(process.env.BENCH_ROLE_RUNS || 200_000);
const asks: [string, string | undefined][] = [
  ["/admin/pesanan", undefined],
  ["/admin/pesanan.data", "batal"],
  ["/admin/pesanan/NY-7K3Q", "lunas"],
  ["/admin/pesanan/NY-7K3Q/cetak/struk/58", "struk"],
  ["/admin/pesanan/langsung", undefined],
  ["/admin/outlet", "pembayaran"],
  ["/admin/users", "peran"],
  ["/admin/tidak-ada", undefined],
];
const roles = [...STAFF_ROLES, "customer"];

let allowed = 0;
const check = (index: number) => {
  const [path, intent] = asks[index % asks.length]!;
  if (mayUse(roles[index % roles.length], staffRouteOf(path), intent)) allowed++;
};

for (let index = 0; index < 20_000; index++) check(index);
const times = new Float64Array(runs);
for (let index = 0; index < runs; index++) {
  const start = performance.now();
  check(index);
  times[index] = performance.now() - start;
}
times.sort();
const at = (share: number) => times[Math.min(runs - 1, Math.floor(runs * share))]!;
const ms = (value: number) => `${value.toFixed(4)} ms`;
console.log(
  `Role check (path → route → matrix), ${runs} checks: p50 ${ms(at(0.5))}, p99 ${ms(at(0.99))}, ` +
    `max ${ms(times[runs - 1]!)} (target p99 < 0.2 ms; ${allowed} allowed)`,
);
