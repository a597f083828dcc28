/**
 * NYALA_TEST_MODE=1 marks a test run (scripts/e2e-server.sh sets it). Only the process's
 * environment can set it, never a request; what it unlocks is named where it is read: the store's
 * clock (clock.server.ts) and the test printer (features/orders/printing). Never set in production.
 */
export const isTestMode = () => process.env.NYALA_TEST_MODE === "1";
