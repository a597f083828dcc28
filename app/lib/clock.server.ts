// The store's clock for every business "now"; NYALA_TEST_CLOCK moves it in test mode only (0028).
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

export const storeNow = () => Date.now() + offset;

export const storeDate = () => new Date(storeNow());
