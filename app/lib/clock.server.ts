/**
 * The store's clock: every business "now" (opening hours, slots, order times, promotions, the
 * reports' today) reads it; infrastructure timers keep the real one. NYALA_TEST_CLOCK moves it,
 * with NYALA_TEST_MODE=1 only; no request can (docs/decisions/0028-checkout-pipeline.md).
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
  console.warn(`Jam toko diatur untuk pengujian: ${new Date(instant).toISOString()}`);
  return instant - Date.now();
}

/** Now on the store's clock (ms). */
export const storeNow = () => Date.now() + offset;

/** Now on the store's clock. */
export const storeDate = () => new Date(storeNow());
