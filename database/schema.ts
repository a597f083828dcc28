/** The database's tables by domain, in one module for drizzle-kit and the typed client. */
export * from "./schema/catalog.ts";
export * from "./schema/system.ts";
export * from "./schema/accounts.ts";
export * from "./schema/notifications.ts";
export * from "./schema/audit.ts";
export * from "./schema/store.ts";
export * from "./schema/orders.ts";
export * from "./schema/order-totals.ts";
export * from "./schema/cart.ts";
export * from "./schema/media.ts";
export * from "./schema/printing.ts";
export * from "./schema/push.ts";
export * from "./schema/portions.ts";
export * from "./schema/order-edits.ts";
export * from "./schema/payments.ts";
