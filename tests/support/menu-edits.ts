/**
 * Edits of one menu item for the simultaneous-edit tests (tests/integration/concurrent-edits.test.ts
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
  ...(n % 4 === 0 ? { takes_level: "on" } : {}),
});

/** The item's fields as edit `n` saves them. */
export const editValues = (n: number) => ({
  nama: `Es Nyala Versi ${n}`,
  kategori: KATEGORI[n % 3]! as string,
  deskripsi: `Deskripsi versi ${n}.`,
  harga: 10_000 + n * 100,
  tersedia: n % 2 === 0,
  takes_level: n % 4 === 0,
});
