import { isStaffRole } from "./access.ts";

/** Anyone who works in the shop (0056); what each may do is the matrix's (access.ts). */
export const isStaff = (user: { role: string } | null | undefined): boolean => isStaffRole(user?.role);
