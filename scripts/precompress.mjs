// `npm run build`: Brotli and gzip copies beside the build's text files, which
// server/static-files.ts sends (docs/decisions/0031-compressed-page-cache.md).
//   node scripts/precompress.mjs <dir>
import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import zlib from "node:zlib";

const TEXT = /\.(?:js|mjs|css|svg|json|webmanifest|txt|xml|html|ico)$/;
const dir = process.argv[2];
if (!dir) {
  console.error("usage: node scripts/precompress.mjs <dir>");
  process.exit(2);
}

const compressors = {
  ".br": (bytes) =>
    zlib.brotliCompressSync(bytes, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    }),
  ".gz": (bytes) => zlib.gzipSync(bytes, { level: zlib.constants.Z_BEST_COMPRESSION }),
};

let files = 0;
let before = 0;
let after = 0;
for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || !TEXT.test(entry.name)) continue;
  const file = path.join(entry.parentPath, entry.name);
  const bytes = await readFile(file);
  if (bytes.length < 1024) continue;
  for (const [suffix, compress] of Object.entries(compressors)) {
    const packed = compress(bytes);
    if (packed.length > bytes.length * 0.9) continue;
    await writeFile(file + suffix, packed);
    if (suffix === ".br") [files, before, after] = [files + 1, before + bytes.length, after + packed.length];
  }
}
console.log(
  `precompressed ${files} files: ${Math.round(before / 1024)} KB → ${Math.round(after / 1024)} KB (Brotli)`,
);
