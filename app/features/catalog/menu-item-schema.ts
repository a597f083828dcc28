/**
 * The menu item form's rules (/admin/menu), shared by the page (Conform: messages beside each
 * field without a round trip) and the server (menu-items.server.ts, the real check). The tests
 * assert every message character for character.
 */
import { z } from "zod";
import { checkbox, textField, wholeNumber } from "../../lib/form-schema.ts";

export const KATEGORI = ["Makanan", "Minuman", "Cemilan"] as const;

export const MENU_MESSAGES = {
  namaRequired: "Nama menu wajib diisi.",
  namaTooLong: "Nama menu paling banyak 60 karakter.",
  kategori: "Pilih kategori: Makanan, Minuman, atau Cemilan.",
  deskripsi: "Deskripsi paling banyak 300 karakter.",
  hargaRequired: "Harga wajib diisi.",
  hargaWhole: "Harga harus angka rupiah bulat tanpa sen, misalnya 10000 atau 10.000.",
  hargaRange: "Harga harus antara Rp 1.000 dan Rp 1.000.000.",
  photoRequired: "Foto menu wajib diunggah.",
  notFound: "Menu tidak ditemukan. Mungkin sudah dihapus.",
} as const;

export const MenuItemSchema = z.object({
  nama: textField(60, MENU_MESSAGES.namaTooLong, MENU_MESSAGES.namaRequired),
  kategori: z.enum(KATEGORI, { error: MENU_MESSAGES.kategori }),
  deskripsi: textField(300, MENU_MESSAGES.deskripsi),
  harga: z.preprocess(
    wholeNumber,
    z
      .number({
        error: (issue) =>
          issue.input === undefined ? MENU_MESSAGES.hargaRequired : MENU_MESSAGES.hargaWhole,
      })
      .int(MENU_MESSAGES.hargaWhole)
      .min(1_000, MENU_MESSAGES.hargaRange)
      .max(1_000_000, MENU_MESSAGES.hargaRange),
  ),
  tersedia: checkbox,
  takes_level: checkbox,
});
