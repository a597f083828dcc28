// Compressed once, holes filled per answer: gzip stored blocks, Brotli uncompressed meta-blocks (0031).
import { promisify } from "node:util";
import zlib from "node:zlib";
import type { Encoding } from "./accept-encoding.ts";

export interface Compressed {
  encoding: Encoding;
  segments: Buffer[];
  holeHeaders: (Buffer | null)[];
  crcs: number[];
  shifts: number[];
  holeShifts: number[];
  length: number;
}

const deflateRaw = promisify(zlib.deflateRaw);
const MAX_HOLE = 65_535;
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);

const NEVER_UTF8 = [0xc0, 0xc1, 0xf5, 0xf6, 0xf7, 0xf8, 0xf9, 0xfa, 0xfb, 0xfc, 0xfd, 0xfe, 0xff];

// A de Bruijn sequence B(13, 3) of them: Brotli finds nothing in one placeholder to copy from another.
const PLACEHOLDERS = (() => {
  const k = NEVER_UTF8.length;
  const digits = new Array<number>(4).fill(0);
  const sequence: number[] = [];
  const step = (t: number, p: number) => {
    if (t > 3) {
      if (3 % p === 0) sequence.push(...digits.slice(1, p + 1));
      return;
    }
    digits[t] = digits[t - p]!;
    step(t + 1, p);
    for (let j = digits[t - p]! + 1; j < k; j++) {
      digits[t] = j;
      step(t + 1, t);
    }
  };
  step(1, 1);
  return Buffer.from([...sequence, ...sequence.slice(0, 2)].map((digit) => NEVER_UTF8[digit]!));
})();

function placeholders(lengths: number[]): Buffer[] {
  let offset = 0;
  return lengths.map((length) => {
    const bytes = Buffer.alloc(length);
    for (let index = 0; index < length; index++) bytes[index] = PLACEHOLDERS[offset++ % PLACEHOLDERS.length]!;
    return bytes;
  });
}

const canHold = (parts: Buffer[], lengths: number[]) =>
  lengths.every((length) => length <= MAX_HOLE) &&
  parts.every((part) => NEVER_UTF8.every((byte) => !part.includes(byte)));

export async function compressParts(
  encoding: Encoding,
  parts: Buffer[],
  lengths: number[],
): Promise<Compressed | null> {
  if (!canHold(parts, lengths)) return null;
  const segments =
    encoding === "gzip" ? await gzipSegments(parts, lengths) : await brotliSegments(parts, lengths);
  const compressed: Compressed = {
    encoding,
    segments,
    holeHeaders: lengths.map((length) =>
      length === 0 ? null : encoding === "gzip" ? storedBlock(length) : uncompressedMetaBlock(length),
    ),
    crcs: parts.map((part) => zlib.crc32(part)),
    shifts: parts.map((part) => x8nModP(part.length)),
    holeShifts: lengths.map(x8nModP),
    length: [...parts.map((part) => part.length), ...lengths].reduce((total, length) => total + length, 0),
  };
  // Checked once with made-up values: a wrong build is never served.
  const values = lengths.map((length) => Buffer.alloc(length, "x"));
  const expected = Buffer.concat(
    parts.flatMap((part, index) => (index < values.length ? [part, values[index]!] : [part])),
  );
  const inflate = encoding === "gzip" ? zlib.gunzipSync : zlib.brotliDecompressSync;
  try {
    return inflate(Buffer.concat(assemble(compressed, values))).equals(expected) ? compressed : null;
  } catch {
    return null;
  }
}

async function gzipSegments(parts: Buffer[], lengths: number[]): Promise<Buffer[]> {
  const holes = placeholders(lengths);
  const before: Buffer[] = [];
  const jobs = parts.map((part, index) => {
    const last = index === parts.length - 1;
    const dictionary = Buffer.concat(before).subarray(-32_768);
    before.push(part, holes[index] ?? Buffer.alloc(0));
    return deflateRaw(part, {
      level: 9,
      finishFlush: last ? zlib.constants.Z_FINISH : zlib.constants.Z_SYNC_FLUSH,
      ...(dictionary.length > 0 ? { dictionary } : {}),
    });
  });
  return Promise.all(jobs);
}

// Without literal context modelling a part decodes the same whatever bytes fill the hole before it.
async function brotliSegments(parts: Buffer[], lengths: number[]): Promise<Buffer[]> {
  const { constants } = zlib;
  const total = parts.reduce((sum, part) => sum + part.length, 0) + lengths.reduce((sum, n) => sum + n, 0);
  const encoder = zlib.createBrotliCompress({
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 5,
      [constants.BROTLI_PARAM_LGWIN]: 24,
      [constants.BROTLI_PARAM_DISABLE_LITERAL_CONTEXT_MODELING]: 1,
      [constants.BROTLI_PARAM_SIZE_HINT]: total,
    },
  });
  // Read after each flush has returned (paused mode): all its output is buffered by then.
  const flushed = (bytes: Buffer, operation: number) =>
    new Promise<Buffer>((resolve) => {
      encoder.write(bytes);
      encoder.flush(operation, () => resolve((encoder.read() as Buffer | null) ?? Buffer.alloc(0)));
    });
  const holes = placeholders(lengths);
  const segments: Buffer[] = [];
  try {
    for (const [index, part] of parts.entries()) {
      const last = index === parts.length - 1;
      segments.push(
        await flushed(part, last ? constants.BROTLI_OPERATION_FINISH : constants.BROTLI_OPERATION_FLUSH),
      );
      if (!last) await flushed(holes[index]!, constants.BROTLI_OPERATION_FLUSH);
    }
  } finally {
    encoder.close();
  }
  return segments;
}

export function assemble(compressed: Compressed, values: Buffer[]): Buffer[] {
  const { encoding, segments, holeHeaders } = compressed;
  const gzip = encoding === "gzip";
  const pieces: Buffer[] = gzip ? [GZIP_HEADER] : [];
  let crc = 0;
  for (const [index, segment] of segments.entries()) {
    pieces.push(segment);
    if (gzip) crc = (multModP(compressed.shifts[index]!, crc) ^ compressed.crcs[index]!) >>> 0;
    const header = holeHeaders[index];
    if (!header) continue;
    const value = values[index]!;
    pieces.push(header, value);
    if (gzip) crc = (multModP(compressed.holeShifts[index]!, crc) ^ zlib.crc32(value)) >>> 0;
  }
  if (gzip) {
    const trailer = Buffer.allocUnsafe(8);
    trailer.writeUInt32LE(crc, 0);
    trailer.writeUInt32LE(compressed.length >>> 0, 4);
    pieces.push(trailer);
  }
  return pieces;
}

function storedBlock(length: number): Buffer {
  const header = Buffer.alloc(5);
  header.writeUInt16LE(length, 1);
  header.writeUInt16LE(~length & 0xffff, 3);
  return header;
}

function uncompressedMetaBlock(length: number): Buffer {
  const bits = ((length - 1) << 3) | (1 << 19);
  return Buffer.from([bits & 0xff, (bits >>> 8) & 0xff, (bits >>> 16) & 0xff]);
}

// crc(A‖B) = crc(A)·x^(8·|B|) mod P xor crc(B), as zlib's crc32_combine, in reflected bit order.
const POLY = 0xedb88320;

function multModP(a: number, b: number): number {
  let product = 0;
  for (let bit = 0x80000000; bit !== 0; bit >>>= 1) {
    if (a & bit) product ^= b;
    b = b & 1 ? (b >>> 1) ^ POLY : b >>> 1;
  }
  return product >>> 0;
}

const X2N = [0x40000000];
for (let k = 1; k < 32; k++) X2N.push(multModP(X2N[k - 1]!, X2N[k - 1]!));

function x8nModP(n: number): number {
  let product = 0x80000000;
  for (let k = 3; n > 0; n = Math.floor(n / 2), k++) if (n & 1) product = multModP(X2N[k & 31]!, product);
  return product;
}
