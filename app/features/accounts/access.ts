// Who may use which staff page, write and stream (0056): the one matrix; servers check it, menus draw it.
export const ROLES = ["pemilik", "admin", "kasir", "dapur", "customer"] as const;
export type Role = (typeof ROLES)[number];
export const STAFF_ROLES = ["pemilik", "admin", "kasir", "dapur"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = {
  pemilik: "Pemilik",
  admin: "Admin",
  kasir: "Kasir",
  dapur: "Dapur",
  customer: "Pelanggan",
};

export const isRole = (value: unknown): value is Role => ROLES.includes(value as Role);
export const isStaffRole = (value: unknown): value is StaffRole => STAFF_ROLES.includes(value as StaffRole);

const OWNER = ["pemilik"] as const;
const MANAGERS = ["pemilik", "admin"] as const;
const COUNTER = ["pemilik", "admin", "kasir"] as const;
const BOARD = ["pemilik", "admin", "kasir", "dapur"] as const;

interface RouteAccess {
  /** The loader (GET); for a resource without one, the connection itself. */
  view: readonly StaffRole[];
  /** Any write not named in `intents`. */
  act?: readonly StaffRole[];
  intents?: Readonly<Record<string, readonly StaffRole[]>>;
}

export const ACCESS = {
  "/admin": { view: BOARD },
  "/admin/dashboard": { view: COUNTER },
  "/admin/users": { view: OWNER, intents: { delete: OWNER, peran: OWNER } },
  "/admin/staf": {
    view: OWNER,
    intents: { tambah: OWNER, peran: OWNER, hapus: OWNER, undangan: OWNER, "buka-pin": OWNER },
  },
  "/admin/perangkat": { view: OWNER, intents: { pasang: OWNER, cabut: OWNER, "buka-pin": OWNER } },
  "/admin/profil": { view: BOARD },
  "/admin/pengaturan": { view: BOARD, intents: { pin: MANAGERS } },
  "/admin/notifikasi-masuk": { view: COUNTER, act: COUNTER },
  "/admin/pengaturan-notifikasi": { view: BOARD, act: BOARD },
  "/admin/menu": { view: MANAGERS, act: MANAGERS },
  "/admin/menu-populer": { view: MANAGERS, act: MANAGERS },
  "/admin/menu-diskon": { view: MANAGERS, act: MANAGERS },
  "/admin/banner": { view: MANAGERS, act: MANAGERS },
  "/admin/outlet": { view: MANAGERS, act: MANAGERS, intents: { pembayaran: OWNER } },
  "/admin/pesanan": {
    view: BOARD,
    intents: {
      status: BOARD,
      batal: COUNTER,
      lunas: COUNTER,
      "belum-lunas": COUNTER,
      bersihkan: COUNTER,
      sibuk: COUNTER,
      buka: COUNTER,
      porsi: COUNTER,
    },
  },
  "/admin/pesanan/kasir": { view: COUNTER, act: COUNTER },
  "/admin/pesanan/:kode": { view: COUNTER, act: COUNTER },
  "/admin/laporan": { view: MANAGERS },
  "/admin/log-perubahan": { view: MANAGERS },
  "/admin/pesanan/langsung": { view: BOARD },
  "/admin/pesanan/:kode/cetak/:tiket/:kertas": { view: BOARD, intents: { dapur: BOARD, struk: COUNTER } },
  "/admin/pesanan/cetak": { view: BOARD, intents: { dapur: BOARD, struk: COUNTER } },
  "/admin/notifikasi-push": { view: BOARD, act: BOARD },
  "/admin/*": { view: BOARD },
} as const satisfies Record<string, RouteAccess>;

export type StaffRoute = keyof typeof ACCESS;
type Entry<R extends StaffRoute> = (typeof ACCESS)[R];
export type IntentOf<R extends StaffRoute> = Entry<R> extends { intents: infer I } ? keyof I & string : never;

const table: Record<string, RouteAccess> = ACCESS;

/** Asks for a route's writes in general (`act`), for routes whose writes are all alike. */
export const WRITE = "*";

/** No intent: the page (loader); an intent not named: the route's `act`; an unknown route: nobody. */
export function mayUse(role: string | null | undefined, route: string | null, intent?: string): boolean {
  if (!route || !isStaffRole(role)) return false;
  // Own keys only: `constructor` or `__proto__` in a form is no route and no intent.
  const entry = Object.hasOwn(table, route) ? table[route] : undefined;
  if (!entry) return false;
  const named = entry.intents && intent !== undefined && Object.hasOwn(entry.intents, intent);
  const roles = intent === undefined ? entry.view : named ? entry.intents![intent] : entry.act;
  return roles?.includes(role) ?? false;
}

export const intentsOf = (route: StaffRoute): string[] => Object.keys(table[route]?.intents ?? {});
export const hasWrites = (route: StaffRoute): boolean => Boolean(table[route]?.act || table[route]?.intents);

/** Second addresses of one page (routes.ts): the same module, the same entry. */
const ALIASES: Record<string, StaffRoute> = {
  "/admin/produk": "/admin/menu",
  "/admin/promo": "/admin/menu-diskon",
};

/** Public files under /admin: browsers fetch them without cookies (the app's manifest, its worker). */
const PUBLIC_FILES = new Set(["/admin/manifest.webmanifest", "/admin/sw.js"]);

const patterns = (Object.keys(ACCESS) as StaffRoute[])
  .filter((route) => route !== "/admin/*")
  .map((route) => ({
    route,
    test: new RegExp(`^${route.replace(/:[a-z]+/g, "[^/]+")}$`),
    fixed: route.split("/").filter((part) => part && !part.startsWith(":")).length,
  }))
  // A fixed segment wins over a parameter: /admin/pesanan/kasir before /admin/pesanan/:kode.
  .sort((a, b) => b.fixed - a.fixed);

/** The matrix's route for a path under /admin (`.data` and trailing slashes ignored); null elsewhere. */
export function staffRouteOf(path: string): StaffRoute | null {
  const clean = path.replace(/\.data$/, "").replace(/\/+$/, "") || "/";
  if (clean !== "/admin" && !clean.startsWith("/admin/")) return null;
  if (PUBLIC_FILES.has(clean)) return null;
  if (ALIASES[clean]) return ALIASES[clean];
  return patterns.find((pattern) => pattern.test.test(clean))?.route ?? "/admin/*";
}

export interface StaffPage {
  to: string;
  label: string;
  route: StaffRoute;
  /** Also in the storefront header's staff shortcuts. */
  shortcut?: boolean;
}

export const STAFF_PAGES: readonly StaffPage[] = [
  { to: "/admin/dashboard", label: "Dashboard", route: "/admin/dashboard", shortcut: true },
  { to: "/admin/pesanan", label: "Pesanan", route: "/admin/pesanan", shortcut: true },
  { to: "/admin/laporan", label: "Laporan", route: "/admin/laporan", shortcut: true },
  { to: "/admin/menu", label: "Menu", route: "/admin/menu", shortcut: true },
  { to: "/admin/menu-populer", label: "Menu Populer", route: "/admin/menu-populer" },
  { to: "/admin/menu-diskon", label: "Menu Diskon", route: "/admin/menu-diskon", shortcut: true },
  { to: "/admin/banner", label: "Banner", route: "/admin/banner" },
  { to: "/admin/outlet", label: "Outlet", route: "/admin/outlet", shortcut: true },
  { to: "/admin/users", label: "Pengguna", route: "/admin/users" },
  { to: "/admin/staf", label: "Staf", route: "/admin/staf" },
  { to: "/admin/perangkat", label: "Perangkat", route: "/admin/perangkat" },
  { to: "/admin/log-perubahan", label: "Log Perubahan", route: "/admin/log-perubahan" },
  { to: "/admin/notifikasi-masuk", label: "Notifikasi", route: "/admin/notifikasi-masuk" },
  {
    to: "/admin/pengaturan-notifikasi",
    label: "Pengaturan Notifikasi",
    route: "/admin/pengaturan-notifikasi",
  },
];

export const pagesFor = (role: string | null | undefined): StaffPage[] =>
  STAFF_PAGES.filter((page) => mayUse(role, page.route));

/** Where /admin sends a role: the board for the counter and the kitchen, the dashboard for managers. */
export function homeOf(role: string | null | undefined): string {
  if (role === "pemilik" || role === "admin") return "/admin/dashboard";
  if (role === "kasir" || role === "dapur") return "/admin/pesanan";
  return "/beranda";
}

/** Prices, totals, phone numbers and payments: the counter's and the managers', never the kitchen's. */
export const seesPrices = (role: string | null | undefined): boolean =>
  COUNTER.includes(role as (typeof COUNTER)[number]);

export const NOT_FOR_YOUR_ROLE = "Halaman ini bukan untuk peranmu.";
