import { describe, expect, it } from "vitest";
import { fill, holeValues, SLOT_MARKERS, toTemplate, visitorSplicer } from "./page-template.server.ts";

const visitor = {
  slots: { cartCount: "12" },
  island: { cart: { count: 12, version: 3 }, nama: "</script>é" },
};
const page =
  `<!DOCTYPE html><html><head><title>Menu — pedas 🌶️</title></head><body>` +
  `<span data-testid="cart-count">${SLOT_MARKERS.cartCount}</span>` +
  `<ul>${"<li>Mie Nyala — Rp 10.000</li>".repeat(40)}</ul>` +
  `<nav><span>${SLOT_MARKERS.cartCount}</span></nav><p>&lt;/head&gt; </head> stays</p></body></html>`;

async function streamed(bytes: Buffer, size: number): Promise<Buffer> {
  const chunks: Uint8Array[] = [];
  for (let offset = 0; offset < bytes.length; offset += size)
    chunks.push(bytes.subarray(offset, offset + size));
  const source = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      controller.close();
    },
  });
  return Buffer.from(await new Response(source.pipeThrough(visitorSplicer(visitor))).arrayBuffer());
}

describe("a rendered page's visitor parts", () => {
  it("streamed in pieces of any size, markers and characters cut between them, give the page the cache fills", async () => {
    const template = toTemplate(page, null, true);
    const expected = Buffer.concat(fill(template, holeValues(template, "", visitor)));
    expect(expected.toString()).toContain(
      `<script type="application/json" id="nyala-pengunjung">{"cart":{"count":12,"version":3},"nama":"\\u003c/script>é"}</script></head>`,
    );
    expect(expected.toString()).not.toContain(SLOT_MARKERS.cartCount);
    const bytes = Buffer.from(page);
    for (const size of [1, 5, 17, 64, 1000, bytes.length]) {
      expect((await streamed(bytes, size)).equals(expected), `pieces of ${size} bytes`).toBe(true);
    }
  });
});
