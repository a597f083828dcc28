// The /admin/banner slide form's rules, for the page (Conform) and the server (slides.server.ts).
import { z } from "zod";
import { checkbox, positionField, textField, trimmed } from "../../lib/form-schema.ts";

export const SLIDE_MESSAGES = {
  titleRequired: "Judul banner wajib diisi.",
  titleTooLong: "Judul banner paling banyak 60 karakter.",
  text: "Teks banner paling banyak 160 karakter.",
  menu: "Pilih menu yang dipesan lewat tombol banner, atau kosongkan.",
  urutan: "Urutan harus angka 0 sampai 99.",
  photoRequired: "Gambar banner wajib diunggah.",
  notFound: "Banner tidak ditemukan. Mungkin sudah dihapus.",
} as const;

export const SlideSchema = z.object({
  title: textField(60, SLIDE_MESSAGES.titleTooLong, SLIDE_MESSAGES.titleRequired),
  text: textField(160, SLIDE_MESSAGES.text),
  /** The dish "Pesan Sekarang" orders; empty: the slide's title. */
  menu_item_id: z.preprocess(
    (value) => trimmed(value ?? ""),
    z.string({ error: SLIDE_MESSAGES.menu }).max(100, SLIDE_MESSAGES.menu),
  ),
  urutan: positionField(SLIDE_MESSAGES.urutan),
  aktif: checkbox,
});

export type SlideValues = z.infer<typeof SlideSchema>;
