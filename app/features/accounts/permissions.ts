/** Roles, for the server's guards (permissions.server.ts) and the navigation alike. */
export const isAdmin = (user: { role: string } | null | undefined): boolean => user?.role === "admin";
