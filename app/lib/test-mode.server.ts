/**
 * NYALA_TEST_MODE=1 marks a test run (scripts/e2e-server.sh sets it). Only the process's
 * environment can set it, never a request; what it unlocks is named where it is read: the store's
 * clock (clock.server.ts), the test printer (features/kitchen/printing), a password as proof of an
 * ADMIN_EMAILS address under the reserved `.test` domain (features/accounts/admin-proof.server.ts)
 * and push endpoints on the loopback literals (features/push/push-endpoint.server.ts). Never set
 * in production.
 */
export const isTestMode = () => process.env.NYALA_TEST_MODE === "1";
