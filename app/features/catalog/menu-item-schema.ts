// Menu item form rules for page and server (0029); menu-items.server.ts checks what only the database knows.
import { z } from "zod";
import { checkbox, textField, wholeNumber } from "../../lib/form-schema.ts";
import { levelInName } from "./level-name.ts";
import { MAX_PORTIONS, PORTION_MESSAGES } from "./portions.ts";
import { MAX_LEVEL, MIN_LEVEL } from "./spice-levels.ts";

export const MENU_MESSAGES = {
  namaRequired: "Nama menu wajib diisi.",
  namaTooLong: "Nama menu paling banyak 60 karakter.",
  kategori: "Pilih kategori dari daftar.",
  deskripsi: "Deskripsi paling banyak 300 karakter.",
  hargaRequired: "Harga wajib diisi.",
  hargaWhole: "Harga harus angka rupiah bulat tanpa sen, misalnya 10000 atau 10.000.",
  hargaRange: "Harga harus antara Rp 1.000 dan Rp 1.000.000.",
  photoRequired: "Foto menu wajib diunggah.",
  notFound: "Menu tidak ditemukan. Mungkin sudah dihapus.",
  familyTooLong: "Nama hidangan paling banyak 40 karakter.",
  level: `Pilih level ${MIN_LEVEL} sampai ${MAX_LEVEL}.`,
  levelWithoutFamily: "Isi nama hidangannya juga, misalnya Mie Nyala, agar level ini tahu kelompoknya.",
  familyWithoutLevel: "Pilih level menu ini di hidangan tersebut.",
  nameSaysLevel: (level: number) =>
    `Nama menu harus menyebut levelnya, misalnya "… Level ${level}", agar nama dan level sama.`,
  nameOtherLevel: (named: number, level: number) =>
    `Nama menu menyebut Level ${named}, tapi levelnya ${level}. Samakan keduanya.`,
  nameWithoutFamily: "Nama menyebut level: isi nama hidangan dan levelnya, atau hapus kata Level dari nama.",
  levelTaken: (family: string, level: number, nama: string) =>
    `${family} Level ${level} sudah ada: ${nama}. Pilih level lain atau ubah menu itu.`,
} as const;

const levelField = z.preprocess(
  (value) => (value === undefined || value === "" ? null : wholeNumber(value)),
  z
    .number({ error: MENU_MESSAGES.level })
    .int(MENU_MESSAGES.level)
    .min(MIN_LEVEL, MENU_MESSAGES.level)
    .max(MAX_LEVEL, MENU_MESSAGES.level)
    .nullable(),
);

/** `""` (no daily limit) or the portions cooked each business day (0044). */
const portionsField = z.preprocess(
  (value) => (value === undefined || value === "" ? null : wholeNumber(value)),
  z
    .number({ error: PORTION_MESSAGES.count })
    .int(PORTION_MESSAGES.count)
    .min(0, PORTION_MESSAGES.count)
    .max(MAX_PORTIONS, PORTION_MESSAGES.count)
    .nullable(),
);

export const MenuItemSchema = z
  .object({
    nama: textField(60, MENU_MESSAGES.namaTooLong, MENU_MESSAGES.namaRequired),
    /** The category's name; the server checks that it exists. */
    kategori: textField(40, MENU_MESSAGES.kategori, MENU_MESSAGES.kategori),
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
    level_family: textField(40, MENU_MESSAGES.familyTooLong).transform((value) => value.replace(/\s+/g, " ")),
    level: levelField,
    porsi_harian: portionsField,
  })
  .superRefine((item, context) => {
    const named = levelInName(item.nama);
    const issue = (path: "nama" | "level" | "level_family", message: string) =>
      context.addIssue({ code: "custom", path: [path], message });
    if (item.level !== null && !item.level_family)
      return issue("level_family", MENU_MESSAGES.levelWithoutFamily);
    if (item.level === null && item.level_family) return issue("level", MENU_MESSAGES.familyWithoutLevel);
    if (item.level === null) {
      if (named !== null) issue("nama", MENU_MESSAGES.nameWithoutFamily);
      return;
    }
    if (named === null) issue("nama", MENU_MESSAGES.nameSaysLevel(item.level));
    else if (named !== item.level) issue("nama", MENU_MESSAGES.nameOtherLevel(named, item.level));
  });

export type MenuItemValues = z.output<typeof MenuItemSchema>;
