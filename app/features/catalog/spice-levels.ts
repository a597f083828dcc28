/**
 * The spice levels a noodle dish is cooked to. Shared by the level picker, the cart, the order
 * check on the server and the WhatsApp message, so the words are the same everywhere.
 */
export const MIN_LEVEL = 0;
export const MAX_LEVEL = 5;

interface SpiceLevel {
  level: number;
  nama: string;
  deskripsi: string;
}

export const SPICE_LEVELS: readonly SpiceLevel[] = [
  { level: 0, nama: "Tidak pedas", deskripsi: "Tanpa cabai, gurihnya saja. Aman untuk semua." },
  { level: 1, nama: "Sedikit pedas", deskripsi: "Hangat di lidah, cocok untuk pemula." },
  { level: 2, nama: "Pedas sedang", deskripsi: "Pedasnya terasa, tapi masih santai." },
  { level: 3, nama: "Pedas", deskripsi: "Pedas mantap untuk pencinta cabai." },
  { level: 4, nama: "Sangat pedas", deskripsi: "Membara. Siapkan minuman dingin." },
  { level: 5, nama: "Pedas gila", deskripsi: "Level tertinggi, hanya untuk penantang sejati." },
];

export const isSpiceLevel = (value: unknown): value is number =>
  typeof value === "number" && Number.isInteger(value) && value >= MIN_LEVEL && value <= MAX_LEVEL;

/** `Level 3 (Pedas)`. */
export function spiceLevelLabel(level: number): string {
  const entry = SPICE_LEVELS[level];
  return entry ? `Level ${level} (${entry.nama})` : `Level ${level}`;
}
