/**
 * Reading a submitted form. Every action reads its input through `readForm`, so a body that is
 * not a form (JSON, plain text, a broken multipart body, a field too large) is refused with a 4xx
 * and an Indonesian message instead of failing as a 500.
 */
import { data } from "react-router";

const FORM_MESSAGES = {
  unsupported: "Jenis isi permintaan tidak didukung. Kirim lewat formulir di halaman.",
  malformed: "Isi formulir tidak bisa dibaca. Muat ulang halaman lalu coba lagi.",
  tooLarge: "Isi formulir terlalu besar.",
  nulCharacter: "Isi formulir berisi karakter yang tidak diizinkan.",
} as const;

/** Largest form body accepted (bytes). The forms here hold a few short fields. */
const MAX_FORM_BYTES = 1024 * 1024;

const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];

/** Bodies up to this size are read and dropped before a refusal, so the client gets the answer. */
const DRAIN_LIMIT_BYTES = 16 * 1024 * 1024;

/**
 * Reads and drops what is left of a refused body: answering while the client is still sending
 * would reset the connection and hide the message. Larger bodies are not worth reading.
 */
async function drain(request: Request) {
  if (!request.body || request.bodyUsed) return;
  let read = 0;
  try {
    for await (const chunk of request.body) {
      read += (chunk as Uint8Array).byteLength;
      if (read > DRAIN_LIMIT_BYTES) break;
    }
  } catch {
    // the client went away: nothing to answer
  }
}

export async function readForm(request: Request): Promise<FormData> {
  const type = (request.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (!FORM_TYPES.includes(type)) {
    await drain(request);
    throw data(FORM_MESSAGES.unsupported, { status: 415 });
  }
  const length = Number(request.headers.get("content-length") ?? 0);
  if (length > MAX_FORM_BYTES) {
    await drain(request);
    throw data(FORM_MESSAGES.tooLarge, { status: 413 });
  }
  let form: FormData;
  try {
    form = await request.formData();
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
