import { describe, expect, it } from "vitest";
import routes from "../../routes.ts";
import {
  ACCESS,
  homeOf,
  mayUse,
  pagesFor,
  ROLE_LABELS,
  ROLES,
  seesPrices,
  STAFF_PAGES,
  staffRouteOf,
  WRITE,
  type StaffRoute,
} from "./access.ts";

interface RouteEntry {
  path?: string;
  index?: boolean;
  children?: RouteEntry[];
}

function pathsOf(entries: RouteEntry[], parent = ""): string[] {
  return entries.flatMap((entry) => {
    const path = entry.path ? `${parent}/${entry.path}`.replace(/\/+/g, "/") : parent;
    const own = entry.path || entry.index ? [path || "/"] : [];
    return [...own, ...pathsOf(entry.children ?? [], path)];
  });
}

describe("the staff matrix", () => {
  it("names every staff address of routes.ts (an address it does not name would be refused to all)", () => {
    const staffPaths = pathsOf(routes as RouteEntry[]).filter((path) => path.startsWith("/admin"));
    expect(staffPaths.length).toBeGreaterThan(20);
    for (const path of staffPaths) {
      const sample = path.replace(/\*$/, "tidak-ada");
      const route = staffRouteOf(sample);
      if (path === "/admin/manifest.webmanifest" || path === "/admin/sw.js") {
        expect(route, path).toBeNull();
        continue;
      }
      expect(route, path).not.toBeNull();
      if (path !== "/admin/*" && path !== "/admin/produk" && path !== "/admin/promo") {
        expect(route, path).toBe(path);
      }
    }
  });

  it("finds the route of a concrete path, a fixed segment before a parameter", () => {
    expect(staffRouteOf("/admin/pesanan/kasir")).toBe("/admin/pesanan/kasir");
    expect(staffRouteOf("/admin/pesanan/NY-7K3Q")).toBe("/admin/pesanan/:kode");
    expect(staffRouteOf("/admin/pesanan/langsung")).toBe("/admin/pesanan/langsung");
    expect(staffRouteOf("/admin/pesanan/NY-7K3Q/cetak/struk/58")).toBe(
      "/admin/pesanan/:kode/cetak/:tiket/:kertas",
    );
    expect(staffRouteOf("/admin/users.data")).toBe("/admin/users");
    expect(staffRouteOf("/admin/outlet/")).toBe("/admin/outlet");
    expect(staffRouteOf("/admin/produk")).toBe("/admin/menu");
    expect(staffRouteOf("/admin/promo")).toBe("/admin/menu-diskon");
    expect(staffRouteOf("/admin/apa/saja")).toBe("/admin/*");
    expect(staffRouteOf("/administrasi")).toBeNull();
    expect(staffRouteOf("/beranda")).toBeNull();
  });

  it("gives the owner everything, and customers, visitors and unknown roles nothing", () => {
    for (const route of Object.keys(ACCESS) as StaffRoute[]) {
      expect(mayUse("pemilik", route), route).toBe(true);
      for (const intent of Object.keys((ACCESS[route] as { intents?: object }).intents ?? {})) {
        expect(mayUse("pemilik", route, intent), `${route} ${intent}`).toBe(true);
      }
      for (const nobody of ["customer", "", null, undefined, "superadmin", "__proto__"]) {
        expect(mayUse(nobody, route), `${String(nobody)} ${route}`).toBe(false);
        expect(mayUse(nobody, route, WRITE), `${String(nobody)} ${route}`).toBe(false);
      }
    }
  });

  it("refuses a route or an intent it does not know", () => {
    expect(mayUse("pemilik", "/admin/tidak-terdaftar")).toBe(false);
    expect(mayUse("pemilik", null)).toBe(false);
    expect(mayUse("pemilik", "constructor")).toBe(false);
    expect(mayUse("pemilik", "__proto__")).toBe(false);
    // The board's writes are all named: one it does not name is nobody's.
    expect(mayUse("pemilik", "/admin/pesanan", "hapus-semua")).toBe(false);
    expect(mayUse("pemilik", "/admin/pesanan", "constructor")).toBe(false);
  });

  it("keeps users, roles and payment settings the owner's", () => {
    for (const role of ["admin", "kasir", "dapur"]) {
      expect(mayUse(role, "/admin/users"), role).toBe(false);
      expect(mayUse(role, "/admin/users", "peran"), role).toBe(false);
      expect(mayUse(role, "/admin/users", "delete"), role).toBe(false);
      expect(mayUse(role, "/admin/outlet", "pembayaran"), role).toBe(false);
    }
    expect(mayUse("admin", "/admin/outlet")).toBe(true);
    expect(mayUse("admin", "/admin/outlet", "save")).toBe(true);
    expect(mayUse("admin", "/admin/menu", WRITE)).toBe(true);
    expect(mayUse("admin", "/admin/laporan")).toBe(true);
  });

  it("lets the cashier run the counter and today's figures, not the menu or the period report", () => {
    for (const intent of ["status", "batal", "lunas", "belum-lunas", "sibuk", "porsi"]) {
      expect(mayUse("kasir", "/admin/pesanan", intent), intent).toBe(true);
    }
    expect(mayUse("kasir", "/admin/pesanan/kasir", WRITE)).toBe(true);
    expect(mayUse("kasir", "/admin/pesanan/:kode", WRITE)).toBe(true);
    expect(mayUse("kasir", "/admin/pesanan/cetak", "struk")).toBe(true);
    expect(mayUse("kasir", "/admin/dashboard")).toBe(true);
    expect(mayUse("kasir", "/admin/laporan")).toBe(false);
    expect(mayUse("kasir", "/admin/menu")).toBe(false);
    expect(mayUse("kasir", "/admin/outlet")).toBe(false);
  });

  it("gives the kitchen the board's steps and the kitchen ticket only", () => {
    expect(mayUse("dapur", "/admin/pesanan")).toBe(true);
    expect(mayUse("dapur", "/admin/pesanan", "status")).toBe(true);
    expect(mayUse("dapur", "/admin/pesanan/langsung")).toBe(true);
    expect(mayUse("dapur", "/admin/pesanan/cetak", "dapur")).toBe(true);
    expect(mayUse("dapur", "/admin/pesanan/:kode/cetak/:tiket/:kertas", "dapur")).toBe(true);
    for (const intent of ["batal", "lunas", "belum-lunas", "bersihkan", "sibuk", "buka", "porsi"]) {
      expect(mayUse("dapur", "/admin/pesanan", intent), intent).toBe(false);
    }
    expect(mayUse("dapur", "/admin/pesanan/cetak", "struk")).toBe(false);
    expect(mayUse("dapur", "/admin/pesanan/:kode")).toBe(false);
    expect(mayUse("dapur", "/admin/pesanan/kasir")).toBe(false);
    expect(mayUse("dapur", "/admin/dashboard")).toBe(false);
    expect(mayUse("dapur", "/admin/notifikasi-masuk")).toBe(false);
    expect(seesPrices("dapur")).toBe(false);
    expect(seesPrices("kasir")).toBe(true);
  });

  it("draws each role's menu from the matrix, and sends each role home to a page it may open", () => {
    for (const role of ROLES) {
      const pages = pagesFor(role);
      for (const page of pages) expect(mayUse(role, page.route), `${role} ${page.to}`).toBe(true);
      if (role === "customer") {
        expect(pages).toEqual([]);
        expect(homeOf(role)).toBe("/beranda");
      } else {
        expect(mayUse(role, staffRouteOf(homeOf(role))), role).toBe(true);
        expect(pages.map((page) => page.to)).toContain(homeOf(role));
      }
    }
    expect(pagesFor("pemilik")).toHaveLength(STAFF_PAGES.length);
    expect(pagesFor("dapur").map((page) => page.label)).toEqual(["Pesanan", "Pengaturan Notifikasi"]);
    expect(homeOf("kasir")).toBe("/admin/pesanan");
    expect(homeOf("dapur")).toBe("/admin/pesanan");
    expect(homeOf("admin")).toBe("/admin/dashboard");
  });

  it("names every role in Indonesian", () => {
    expect(ROLE_LABELS).toEqual({
      pemilik: "Pemilik",
      admin: "Admin",
      kasir: "Kasir",
      dapur: "Dapur",
      customer: "Pelanggan",
    });
  });
});
