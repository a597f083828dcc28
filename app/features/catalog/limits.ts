/** Constants of the catalog admin pages, shared by the forms (browser) and catalog-admin.server.ts. */
export const KATEGORI = ["Makanan", "Minuman", "Cemilan"] as const;

/** How many items each storefront page shows: featured on `/`, best sellers on `/beranda`, `/produk`. */
export const RANK_LIMITS = { featured: 3, bestSellers: 6, produk: 4 } as const;
