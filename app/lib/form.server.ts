// Every action reads its form here: not a form, too large or a NUL gets a 4xx, never a 500 (0017).
import { data } from "react-router";
import { BODY_TOO_LARGE_MESSAGES, FORM_BODY_LIMIT, isBodyTooLarge } from "./body-limit.ts";

export const FORM_MESSAGES = {
  unsupported: "Jenis isi permintaan tidak didukung. Kirim lewat formulir di halaman.",
  malformed: "Isi formulir tidak bisa dibaca. Muat ulang halaman lalu coba lagi.",
  tooLarge: BODY_TOO_LARGE_MESSAGES.form,
  nulCharacter: "Isi formulir berisi karakter yang tidak diizinkan.",
} as const;

const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];

async function readBodyWithin(
  request: Request,
  limit: number,
  tooLarge: string,
): Promise<Uint8Array<ArrayBuffer>> {
  if (Number(request.headers.get("content-length") ?? 0) > limit) {
    throw data(tooLarge, { status: 413 });
  }
  if (!request.body) return new Uint8Array();
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = request.body.getReader();
  for (;;) {
    let chunk: ReadableStreamReadResult<Uint8Array>;
    try {
      chunk = await reader.read();
    } catch (error) {
      if (isBodyTooLarge(error)) throw data(tooLarge, { status: 413 });
      throw data(FORM_MESSAGES.malformed, { status: 400 });
    }
    if (chunk.done) break;
    size += chunk.value.byteLength;
    if (size > limit) {
      void reader.cancel().catch(() => undefined);
      throw data(tooLarge, { status: 413 });
    }
    chunks.push(chunk.value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

export async function readFormWithin(request: Request, limit: number, tooLarge: string): Promise<FormData> {
  const contentType = request.headers.get("content-type") ?? "";
  const type = contentType.split(";")[0]!.trim().toLowerCase();
  if (!FORM_TYPES.includes(type)) throw data(FORM_MESSAGES.unsupported, { status: 415 });
  const bytes = await readBodyWithin(request, limit, tooLarge);
  let form: FormData;
  try {
    form = await new Response(bytes, { headers: { "content-type": contentType } }).formData();
  } catch {
    throw data(FORM_MESSAGES.malformed, { status: 400 });
  }
  // PostgreSQL text cannot hold U+0000: refuse it here rather than fail deep in a query.
  for (const [name, value] of form) {
    if (name.includes("\u0000") || (typeof value === "string" && value.includes("\u0000"))) {
      throw data(FORM_MESSAGES.nulCharacter, { status: 400 });
    }
  }
  return form;
}

export const readForm = (request: Request) =>
  readFormWithin(request, FORM_BODY_LIMIT, FORM_MESSAGES.tooLarge);

const ECHO_MAX_CHARS = 1000;
const ECHO_MAX_ITEMS = 100;

function bound(value: unknown, depth: number): unknown {
  if (typeof value === "string")
    return value.length > ECHO_MAX_CHARS ? value.slice(0, ECHO_MAX_CHARS) : value;
  if (value === null || typeof value !== "object") return value;
  if (depth > 4) return undefined;
  if (Array.isArray(value)) return value.slice(0, ECHO_MAX_ITEMS).map((item) => bound(item, depth + 1));
  const entries = Object.entries(value)
    .filter(([key]) => key.length <= ECHO_MAX_CHARS)
    .slice(0, ECHO_MAX_ITEMS)
    .map(([key, item]) => [key, bound(item, depth + 1)]);
  return Object.fromEntries(entries);
}

// Conform's echo cut to a bounded size: a refused 1 MB field must not come back as a 1 MB answer.
export const boundedReply = <T extends object>(reply: T): T => bound(reply, 0) as T;
