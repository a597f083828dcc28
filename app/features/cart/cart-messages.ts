// The cart's messages: one table for the cart, the checkout and the recording (0028).
import { MAX_LEVEL, MIN_LEVEL } from "../catalog/spice-levels.ts";
import { MAX_LINES, MAX_NOTE_LENGTH, MAX_QUANTITY } from "./cart.ts";

export const CART_MESSAGES = {
  unknownItem: "Menu tidak ditemukan. Muat ulang halaman lalu coba lagi.",
  soldOut: (nama: string) => `${nama} sedang habis.`,
  levelRequired: (nama: string) => `Pilih level pedas untuk ${nama}.`,
  levelNotAllowed: (nama: string) => `${nama} tidak memakai level pedas.`,
  levelUnknown: (family: string, level: number) =>
    `${family} Level ${level} tidak ada di menu. Pilih salah satu level yang tersedia.`,
  level: `Level pedas harus ${MIN_LEVEL} sampai ${MAX_LEVEL}.`,
  full: `Keranjang sudah penuh: paling banyak ${MAX_LINES} baris menu.`,
  atMost: (nama: string) => `${nama} sudah ${MAX_QUANTITY} porsi di keranjang, jumlah paling banyak.`,
  quantity: `Jumlah tiap menu harus 1 sampai ${MAX_QUANTITY}.`,
  note: `Catatan paling banyak ${MAX_NOTE_LENGTH} karakter.`,
  unreadable: "Isi keranjang tidak bisa dibaca. Muat ulang halaman lalu coba lagi.",
  empty: "Pesanan kosong. Tambahkan menu ke keranjang dulu.",
  changed: "Isi keranjang berubah sejak halaman ini dibuka. Periksa lagi, lalu pesan.",
  allSoldOut: "Semua menu di keranjang sedang habis.",
} as const;
