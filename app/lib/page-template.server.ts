// A rendered page cut at what differs per answer (its nonce, the visitor's slots and island) (0019, 0031).
import { randomBytes } from "node:crypto";
import type { Encoding } from "./accept-encoding.ts";
import { assemble, compressParts, type Compressed } from "./spliced-compression.server.ts";
import { VISITOR_ISLAND_ID, type VisitorSlot } from "./visitor-island.ts";

// Random per process, so no text a page shows (a dish named like a marker) can pass for one.
export const SLOT_MARKERS: Record<VisitorSlot, string> = {
  cartCount: `nyala${randomBytes(9).toString("hex")}cartcount`,
};

export interface VisitorParts {
  slots: Record<VisitorSlot, string>;
  island: Record<string, unknown>;
}

type Hole = "nonce" | "island" | VisitorSlot;

export interface Template {
  parts: Buffer[];
  holes: Hole[];
  compressed: Map<string, Promise<Compressed | null>>;
}

const MAX_COMPRESSED = 8;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

const markerHoles = new Map<string, Hole>(
  Object.entries(SLOT_MARKERS).map(([slot, marker]) => [marker, slot as VisitorSlot]),
);
const ISLAND_OPEN = `<script type="application/json" id="${VISITOR_ISLAND_ID}">`;

export function toTemplate(body: string, nonce: string | null, html: boolean): Template {
  const tokens = [...markerHoles.keys(), ...(nonce ? [nonce] : []), ...(html ? ["</head>"] : [])];
  const pattern = new RegExp(tokens.map(escapeRegExp).join("|"), "g");
  const parts: Buffer[] = [];
  const holes: Hole[] = [];
  let last = 0;
  let next = "";
  const cut = (end: number, before: string, hole: Hole, after: string) => {
    parts.push(Buffer.from(next + body.slice(last, end) + before));
    holes.push(hole);
    next = after;
  };
  for (const match of body.matchAll(pattern)) {
    if (match[0] === "</head>") {
      if (holes.includes("island")) continue;
      cut(match.index, ISLAND_OPEN, "island", "</script>");
      last = match.index;
      continue;
    }
    cut(match.index, "", match[0] === nonce ? "nonce" : markerHoles.get(match[0])!, "");
    last = match.index + match[0].length;
  }
  parts.push(Buffer.from(next + body.slice(last)));
  return { parts, holes, compressed: new Map() };
}

// `<` escaped so no value can close the element.
const islandJson = (visitor: VisitorParts | null) =>
  JSON.stringify(visitor?.island ?? {}).replace(/</g, "\\u003c");

const visitorBytes = new WeakMap<VisitorParts, Record<"island" | VisitorSlot, Buffer>>();

function bytesOf(visitor: VisitorParts | null): Record<"island" | VisitorSlot, Buffer> {
  const known = visitor && visitorBytes.get(visitor);
  if (known) return known;
  const bytes = {
    island: Buffer.from(islandJson(visitor)),
    cartCount: Buffer.from(escapeHtml(visitor?.slots.cartCount ?? "")),
  };
  if (visitor) visitorBytes.set(visitor, bytes);
  return bytes;
}

export function holeValues(template: Template, nonce: string, visitor: VisitorParts | null): Buffer[] {
  const values = { ...bytesOf(visitor), nonce: Buffer.from(nonce) };
  return template.holes.map((hole) => values[hole]);
}

// Latin1, so a UTF-8 character cut between chunks passes whole (every token is ASCII); each chunk's end is
// held back until no marker can be cut there.
export function visitorSplicer(visitor: VisitorParts): TransformStream<Uint8Array, Uint8Array> {
  const latin1 = (text: string) => Buffer.from(text).toString("latin1");
  const replacements = new Map<string, string>(
    [...markerHoles].map(([marker, slot]) => [
      marker,
      latin1(escapeHtml(visitor.slots[slot as VisitorSlot])),
    ]),
  );
  replacements.set("</head>", latin1(`${ISLAND_OPEN}${islandJson(visitor)}</script></head>`));
  const pattern = new RegExp([...replacements.keys()].map(escapeRegExp).join("|"), "g");
  const keep = Math.max(...[...replacements.keys()].map((token) => token.length)) - 1;
  let pending = "";
  let headDone = false;
  const splice = (text: string, final: boolean) => {
    const cut = final ? text.length : Math.max(0, text.length - keep);
    let out = "";
    let last = 0;
    for (const match of text.matchAll(pattern)) {
      if (match.index >= cut) break;
      const head = match[0] === "</head>";
      out += text.slice(last, match.index) + (head && headDone ? match[0] : replacements.get(match[0]));
      if (head) headDone = true;
      last = match.index + match[0].length;
    }
    const end = Math.max(cut, last);
    pending = text.slice(end);
    return Buffer.from(out + text.slice(last, end), "latin1");
  };
  return new TransformStream({
    transform(chunk, controller) {
      const text = pending + Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength).toString("latin1");
      const out = splice(text, false);
      if (out.length > 0) controller.enqueue(out);
    },
    flush(controller) {
      const out = splice(pending, true);
      if (out.length > 0) controller.enqueue(out);
    },
  });
}

export function fill(template: Template, values: Buffer[]): Buffer[] {
  return template.parts.flatMap((part, index) => (index === 0 ? [part] : [values[index - 1]!, part]));
}

export async function fillCompressed(
  template: Template,
  encoding: Encoding,
  values: Buffer[],
): Promise<Buffer[] | null> {
  let key: string = encoding;
  for (const value of values) key += `,${value.length}`;
  let compressed = template.compressed.get(key);
  if (!compressed) {
    if (template.compressed.size >= MAX_COMPRESSED) return null;
    compressed = compressParts(
      encoding,
      template.parts,
      values.map((value) => value.length),
    );
    template.compressed.set(key, compressed);
  }
  const built = await compressed;
  return built ? assemble(built, values) : null;
}

export function reuseCompressed(next: Template, previous: Template | undefined) {
  if (
    previous &&
    previous.parts.length === next.parts.length &&
    previous.holes.every((hole, index) => hole === next.holes[index]) &&
    previous.parts.every((part, index) => part.equals(next.parts[index]!))
  )
    next.compressed = previous.compressed;
}
