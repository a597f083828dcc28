// `npm audit --omit=dev`: fails on a high or critical advisory in a package the server runs (issue
// #6); run by scripts/test-all.sh. Where the registry refuses the audit it prints NOT CHECKED,
// never a pass (docs/decisions/0011-advisories-where-npm-audit-cannot-run.md).
import { spawnSync } from "node:child_process";

const run = spawnSync("npm", ["audit", "--omit=dev", "--json"], { encoding: "utf8" });
let report;
try {
  report = JSON.parse(run.stdout);
} catch {
  console.error(`npm audit gave no report (exit ${run.status}):\n${run.stdout}${run.stderr}`);
  process.exit(1);
}

if (report.statusCode || report.error) {
  const reason = report.message ?? report.error?.summary ?? JSON.stringify(report.error);
  console.log(
    `npm audit: NOT CHECKED — the registry's audit endpoint did not answer: ${reason}\n` +
      "  Run `npm audit --omit=dev` (or `npm run audit`) where https://registry.npmjs.org answers it;" +
      " any high or critical advisory there fails this step. The last review by hand:" +
      " docs/decisions/0011-advisories-where-npm-audit-cannot-run.md.",
  );
  process.exit(0);
}

const counts = report.metadata?.vulnerabilities ?? {};
const serious = (counts.high ?? 0) + (counts.critical ?? 0);
console.log(
  `npm audit (production packages): ${Object.entries(counts)
    .map(([level, n]) => `${level} ${n}`)
    .join(", ")}`,
);
if (serious > 0) {
  for (const [name, entry] of Object.entries(report.vulnerabilities ?? {})) {
    if (entry.severity === "high" || entry.severity === "critical")
      console.error(`  ${entry.severity}: ${name} ${entry.range ?? ""}`);
  }
  process.exit(1);
}
