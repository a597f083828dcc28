export const isAdmin = (user: { role: string } | null | undefined): boolean => user?.role === "admin";
