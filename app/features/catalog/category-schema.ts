// The category form of /admin/menu, for the page (Conform) and the server (categories.server.ts).
import { z } from "zod";
import { positionField, textField } from "../../lib/form-schema.ts";

export const CATEGORY_MESSAGES = {
  namaRequired: "Nama kategori wajib diisi.",
  namaTooLong: "Nama kategori paling banyak 40 karakter.",
  urutan: "Urutan harus angka 0 sampai 99.",
  taken: (nama: string) => `Kategori ${nama} sudah ada.`,
  notFound: "Kategori tidak ditemukan. Mungkin sudah dihapus.",
  notEmpty: (nama: string, count: number) =>
    `Kategori ${nama} masih berisi ${count} menu. Pindahkan atau hapus menunya dulu.`,
} as const;

export const CategorySchema = z.object({
  nama: textField(40, CATEGORY_MESSAGES.namaTooLong, CATEGORY_MESSAGES.namaRequired).transform((value) =>
    value.replace(/\s+/g, " "),
  ),
  urutan: positionField(CATEGORY_MESSAGES.urutan),
});

export const nextCategoryPosition = (list: readonly { urutan: number }[]) =>
  Math.min(99, Math.max(0, ...list.map((category) => category.urutan)) + 1);
