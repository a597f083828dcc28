// The /admin/menu-populer form's rules, for the page (Conform) and the server (rankings.server.ts).
import { z } from "zod";

export const RANK_LIMITS = { featured: 3, bestSellers: 6, produk: 4 } as const;

export const RANKING_MESSAGES = {
  featured: `Menu unggulan di halaman depan paling banyak ${RANK_LIMITS.featured}.`,
  bestSellers: `Menu terlaris di beranda paling banyak ${RANK_LIMITS.bestSellers}.`,
  produk: `Menu di halaman produk paling banyak ${RANK_LIMITS.produk}.`,
  duplicate: "Satu menu dipilih dua kali di daftar yang sama.",
  unknown: "Ada menu yang tidak dikenal. Muat ulang halaman lalu coba lagi.",
} as const;

const idList = (max: number, message: string) =>
  z.preprocess(
    (value) => (Array.isArray(value) ? value : value === undefined || value === "" ? [] : [value]),
    z
      .array(z.string({ error: RANKING_MESSAGES.unknown }).trim(), { error: RANKING_MESSAGES.unknown })
      .transform((ids) => ids.filter(Boolean))
      .refine((ids) => ids.length <= max, message)
      .refine((ids) => new Set(ids).size === ids.length, RANKING_MESSAGES.duplicate),
  );

export const RankingSchema = z.object({
  featured: idList(RANK_LIMITS.featured, RANKING_MESSAGES.featured),
  bestSellers: idList(RANK_LIMITS.bestSellers, RANKING_MESSAGES.bestSellers),
  produk: idList(RANK_LIMITS.produk, RANKING_MESSAGES.produk),
});
