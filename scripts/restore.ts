/**
 * Puts a backup made by `npm run backup` back on a stopped shop:
 *   npm run restore -- <file.tar.gz>
 * (server/backup/restore.ts; docs/decisions/0014-one-box.md).
 */
import path from "node:path";
import { BackupRefusedError } from "../server/backup/archive.ts";
import { restore } from "../server/backup/restore.ts";
import { shopDateTime } from "../server/backup/shop-time.ts";

export const USAGE = `Pemakaian: npm run restore -- <berkas.tar.gz>

Memulihkan cadangan dari npm run backup ke DATA_DIR (database bawaan dan foto). Hentikan toko
dulu. Data yang ada sekarang tidak dihapus: dipindah ke DATA_DIR/sebelum-pemulihan-<waktu>/.`;

/** A path typed by the owner, from the folder they ran npm in (npm itself runs in the project). */
const fromCaller = (file: string) => path.resolve(process.env.INIT_CWD ?? process.cwd(), file);

async function main(args: string[]): Promise<number> {
  const file = args.find((arg) => !arg.startsWith("-"));
  if (!file || args.includes("--help") || args.includes("-h")) {
    console.log(USAGE);
    return file ? 0 : 2;
  }
  if (process.env.DATABASE_URL?.trim()) {
    console.error("DATABASE_URL terisi: pulihkan database PostgreSQL dengan pg_restore (lihat README).");
    return 2;
  }
  const dataDir = path.resolve(process.env.DATA_DIR?.trim() || "./data");
  try {
    const result = await restore(fromCaller(file), dataDir);
    const createdAt = shopDateTime(result.manifest.createdAt, result.timezone);
    console.log(`Cadangan ${createdAt} dipulihkan ke ${dataDir}.`);
    console.log(
      `${result.orders} pesanan, ${result.users} pengguna, ${result.photos} foto; ` +
        `${(result.ms / 1000).toFixed(1)} detik.`,
    );
    if (result.keptAside)
      console.log(`Data sebelumnya disimpan di ${result.keptAside} (hapus bila tidak perlu).`);
    return 0;
  } catch (error) {
    const refused =
      error instanceof BackupRefusedError || (error instanceof Error && error.name === "DataDirLockedError");
    console.error(
      `${refused ? "Pemulihan ditolak" : "Pemulihan gagal"}: ${error instanceof Error ? error.message : error}`,
    );
    return 1;
  }
}

process.exitCode = await main(process.argv.slice(2));
