/**
 * Backs up the embedded database and the photos into one dated file, while the shop runs or not:
 *   npm run backup [-- <folder or file.tar.gz>]
 * (server/backup/backup.ts; docs/decisions/0014-one-box.md).
 */
import path from "node:path";
import { backup } from "../server/backup/backup.ts";

export const USAGE = `Pemakaian: npm run backup [-- <folder atau berkas.tar.gz>]

Mencadangkan database bawaan (DATA_DIR/pglite, termasuk foto) ke satu berkas bertanggal,
default di folder backups/. Toko boleh tetap berjalan: server membuat salinan
yang utuh sendiri dan hanya menahan permintaan sebentar. Berkas berisi hash kata sandi:
simpan di tempat aman (izin 0600). Memulihkan: npm run restore -- <berkas>.`;

const POSTGRES_NOTE = `DATABASE_URL terisi: database ada di PostgreSQL. Cadangkan dengan pg_dump, mis.
  pg_dump --format=custom --file=nyala.dump "$DATABASE_URL"
Foto ikut di dalamnya (lihat README, "Backup and restore").`;

/** A path typed by the owner, from the folder they ran npm in (npm itself runs in the project). */
const fromCaller = (file: string) => path.resolve(process.env.INIT_CWD ?? process.cwd(), file);

async function main(args: string[]): Promise<number> {
  if (args.includes("--help") || args.includes("-h")) {
    console.log(USAGE);
    return 0;
  }
  if (process.env.DATABASE_URL?.trim()) {
    console.error(POSTGRES_NOTE);
    return 2;
  }
  const dataDir = path.resolve(process.env.DATA_DIR?.trim() || "./data");
  try {
    const target = args.find((arg) => !arg.startsWith("-"));
    const result = await backup(dataDir, target ? fromCaller(target) : "backups");
    const megabytes = (result.bytes / 1024 / 1024).toFixed(1);
    console.log(`Cadangan tersimpan: ${result.file}`);
    console.log(
      `${megabytes} MB, ${result.manifest.files} berkas, ${(result.ms / 1000).toFixed(1)} detik` +
        (result.online ? `; toko tetap melayani (permintaan tertahan ${result.pauseMs} ms).` : "."),
    );
    return 0;
  } catch (error) {
    console.error(`Cadangan gagal: ${error instanceof Error ? error.message : error}`);
    return 1;
  }
}

process.exitCode = await main(process.argv.slice(2));
