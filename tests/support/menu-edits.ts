/**
 * Edits of one menu item for the simultaneous-edit tests (tests/integration/catalog/concurrent-edits.test.ts
 * through the server function, tests/reliability/concurrency.test.ts over HTTP): every field of
 * edit `n` says `n`, so a row mixing two edits shows.
 */
const KATEGORI = ["Makanan", "Minuman", "Cemilan"] as const;

/** Edit number `n` as the admin form posts it. */
export const editForm = (n: number) => ({
  nama: `Es Nyala Versi ${n}`,
  kategori: KATEGORI[n % 3]!,
  deskripsi: `Deskripsi versi ${n}.`,
  harga: String(10_000 + n * 100),
  ...(n % 2 === 0 ? { tersedia: "on" } : {}),
  // Every fourth edit makes it level 4 of a dish of its own (`Es Nyala Versi n` has no level in its name).
  ...(n % 4 === 0 ? { level_family: `Es Nyala ${n}`, level: "4", nama: `Es Nyala Versi ${n} Level 4` } : {}),
});

/** The item's fields as edit `n` saves them. */
export const editValues = (n: number) => ({
  nama: `Es Nyala Versi ${n}`,
  kategori: KATEGORI[n % 3]! as string,
  deskripsi: `Deskripsi versi ${n}.`,
  harga: 10_000 + n * 100,
  tersedia: n % 2 === 0,
  level_family: n % 4 === 0 ? `Es Nyala ${n}` : null,
  level: n % 4 === 0 ? 4 : null,
  ...(n % 4 === 0 ? { nama: `Es Nyala Versi ${n} Level 4` } : {}),
});
