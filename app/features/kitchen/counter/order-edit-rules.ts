/** What an edit may touch, shared by the board, the edit form and the server (0039). */
import type { OrderStatus } from "../../orders/order-status.ts";

/** Before _Siap_ the kitchen can still follow a change. */
export const EDITABLE_STATUSES: readonly OrderStatus[] = ["baru", "diterima", "dimasak"];
export const KEEP_TIME = "tetap";
