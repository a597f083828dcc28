import { randomBytes } from "node:crypto";
import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { chooseEncoding } from "./accept-encoding.ts";
import { assemble, compressParts } from "./spliced-compression.server.ts";

const inflate = { gzip: zlib.gunzipSync, br: zlib.brotliDecompressSync } as const;

/** A page like a rendered one: repetitive HTML, UTF-8 beyond ASCII, longer than deflate's window. */
function pageParts(count: number): Buffer[] {
  const card = (i: number) =>
    `<li class="card"><h3>Mie Nyala ${i} — pedas 🌶️</h3><p>Rp ${i}.000</p><button type="submit">Tambah</button></li>`;
  return Array.from({ length: count }, (_, index) =>
    Buffer.from(Array.from({ length: 60 * (index + 1) }, (_, i) => card(i * (index + 1))).join("")),
  );
}

const randomValue = (length: number) => Buffer.from(randomBytes(length).toString("base64").slice(0, length));

describe("spliced compression", () => {
  it.each(["gzip", "br"] as const)(
    "%s: one compression of the parts gives, for any values of the lengths, the stream of the whole page",
    async (encoding) => {
      const parts = [...pageParts(5), Buffer.from("")];
      const lengths = [24, 0, 37, 1, 24];
      const compressed = (await compressParts(encoding, parts, lengths))!;
      expect(compressed).not.toBeNull();
      for (let run = 0; run < 20; run++) {
        const values = lengths.map(randomValue);
        const whole = Buffer.concat(parts.flatMap((part, index) => [part, values[index] ?? Buffer.alloc(0)]));
        const answer = Buffer.concat(assemble(compressed, values));
        // gunzip checks the CRC-32 and the length the trailer carries.
        expect(inflate[encoding](answer).equals(whole)).toBe(true);
        expect(answer.length).toBeLessThan(whole.length / 5);
      }
    },
  );

  it("costs little against compressing the whole page at once", async () => {
    const parts = pageParts(4);
    const lengths = [24, 40, 24];
    const values = lengths.map(randomValue);
    const whole = Buffer.concat(parts.flatMap((part, index) => [part, values[index] ?? Buffer.alloc(0)]));
    const gzip = Buffer.concat(assemble((await compressParts("gzip", parts, lengths))!, values));
    const br = Buffer.concat(assemble((await compressParts("br", parts, lengths))!, values));
    expect(gzip.length).toBeLessThan(zlib.gzipSync(whole, { level: 9 }).length * 1.05 + 200);
    expect(br.length).toBeLessThan(zlib.brotliCompressSync(whole).length * 1.15 + 200);
  });

  it("does not compress what it cannot splice safely: bytes of the placeholder in a part, a hole too long", async () => {
    expect(await compressParts("gzip", [Buffer.from([0x3c, 0xff]), Buffer.from("x")], [3])).toBeNull();
    expect(await compressParts("br", [Buffer.from("a"), Buffer.from("b")], [70_000])).toBeNull();
  });
});

describe("Accept-Encoding", () => {
  it("takes Brotli before gzip, never a coding refused with q=0, and nothing from a client that asks for none", () => {
    const both = ["br", "gzip"] as const;
    expect(chooseEncoding("gzip, deflate, br, zstd", both)).toBe("br");
    expect(chooseEncoding("gzip, deflate", both)).toBe("gzip");
    expect(chooseEncoding("br;q=0, gzip;q=0.5", both)).toBe("gzip");
    expect(chooseEncoding("*", both)).toBe("br");
    expect(chooseEncoding("br;q=0, *", both)).toBe("gzip");
    expect(chooseEncoding("identity", both)).toBeNull();
    expect(chooseEncoding(null, both)).toBeNull();
    expect(chooseEncoding("br, gzip", ["gzip"])).toBe("gzip");
  });
});
