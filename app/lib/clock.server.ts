/**
 * The store's clock for what depends on the time of day in a rule: which promotions apply
 * (docs/decisions/0025-pricing-and-rounding.md). It is the real clock, except in a test run:
 * NYALA_TEST_CLOCK (an ISO instant) moves it to that instant at start-up and lets it run on from
 * there, and only when NYALA_TEST_MODE=1 is set as well. Both are read once from the process's
 * environment; nothing a request carries (header, query, cookie) can move it.
 */
import { isTestMode } from "./test-mode.server.ts";

const offset = readOffset();

function readOffset(): number {
  const requested = process.env.NYALA_TEST_CLOCK;
  if (!requested) return 0;
  if (!isTestMode()) {
    console.warn("NYALA_TEST_CLOCK diabaikan: hanya berlaku bersama NYALA_TEST_MODE=1 (pengujian).");
    return 0;
  }
  const instant = Date.parse(requested);
  if (Number.isNaN(instant)) throw new Error(`NYALA_TEST_CLOCK is not an instant: ${requested}`);
  console.warn(`Jam promo diatur untuk pengujian: ${new Date(instant).toISOString()}`);
  return instant - Date.now();
}

/** Now on the store's clock (ms). */
export const storeNow = () => Date.now() + offset;
