// Spice levels and the level families that sell them (0023), shared so the words match everywhere.
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

export function spiceLevelLabel(level: number): string {
  const entry = SPICE_LEVELS[level];
  return entry ? `Level ${level} (${entry.nama})` : `Level ${level}`;
}

export interface LevelChoice {
  id: string;
  nama: string;
  harga: number;
  gambar: string;
  level: number;
  tersedia: boolean;
}

export function groupLevelFamilies(
  items: readonly (Omit<LevelChoice, "level"> & { level_family?: string | null; level?: number | null })[],
): Map<string, LevelChoice[]> {
  const families = new Map<string, LevelChoice[]>();
  for (const item of items) {
    if (item.level_family === null || item.level_family === undefined) continue;
    if (item.level === null || item.level === undefined) continue;
    const list = families.get(item.level_family) ?? [];
    const { id, nama, harga, gambar, level, tersedia } = item;
    list.push({ id, nama, harga, gambar, level, tersedia });
    families.set(item.level_family, list);
  }
  for (const list of families.values()) list.sort((a, b) => a.level - b.level);
  return families;
}

// "Level 1–3" only when no level between is missing; otherwise each: "Level 2 dan 4", "Level 0, 2 dan 5".
export function levelRangeText(levels: readonly LevelChoice[]): string {
  const numbers = [...new Set(levels.map((choice) => choice.level))].sort((a, b) => a - b);
  if (numbers.length === 0) return "";
  const first = numbers[0]!;
  const last = numbers[numbers.length - 1]!;
  if (numbers.length === 1) return `Level ${first}`;
  if (last - first === numbers.length - 1 && numbers.length > 2) return `Level ${first}–${last}`;
  return `Level ${numbers.slice(0, -1).join(", ")} dan ${last}`;
}
