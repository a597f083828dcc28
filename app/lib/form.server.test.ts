import { describe, expect, it } from "vitest";
import { BodyTooLargeError, FORM_BODY_LIMIT } from "./body-limit.ts";
import { boundedReply, FORM_MESSAGES, readForm } from "./form.server.ts";

const CHUNK = 64 * 1024;

/** A chunked body (no Content-Length) of `total` bytes of `nama=AAAA…`; counts what was pulled. */
function streamedBody(total: number) {
  const pulled = { bytes: 0 };
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (pulled.bytes >= total) return controller.close();
      const chunk = new Uint8Array(Math.min(CHUNK, total - pulled.bytes)).fill(65);
      if (pulled.bytes === 0) chunk.set(new TextEncoder().encode("nama="));
      pulled.bytes += chunk.byteLength;
      controller.enqueue(chunk);
    },
  });
  return { stream, pulled };
}

const post = (body: BodyInit | ReadableStream<Uint8Array>, headers: Record<string, string> = {}) =>
  new Request("http://localhost/masuk", {
    method: "POST",
    body,
    headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
    duplex: "half",
  } as RequestInit);

/** What a refusal thrown by `data(message, { status })` carries. */
async function refusal(reading: Promise<unknown>) {
  const thrown = (await reading.then(
    () => null,
    (error: unknown) => error,
  )) as { data?: unknown; init?: { status?: number } } | null;
  return { status: thrown?.init?.status, message: thrown?.data };
}

describe("readForm holds a body to the limit while it streams in", () => {
  it("answers 413 to a chunked body past 1 MB after reading about 1 MB of it, not all of it", async () => {
    const { stream, pulled } = streamedBody(60 * 1024 * 1024);
    expect(await refusal(readForm(post(stream)))).toEqual({ status: 413, message: FORM_MESSAGES.tooLarge });
    expect(pulled.bytes).toBeLessThanOrEqual(FORM_BODY_LIMIT + 2 * CHUNK);
  });

  it("answers 413 to a declared length past the limit without reading the body", async () => {
    const { stream, pulled } = streamedBody(2 * 1024 * 1024);
    const request = post(stream, { "content-length": String(2 * 1024 * 1024) });
    expect(await refusal(readForm(request))).toEqual({ status: 413, message: FORM_MESSAGES.tooLarge });
    expect(pulled.bytes).toBeLessThanOrEqual(CHUNK);
  });

  it("reads a form up to the limit, chunked or not", async () => {
    const value = "A".repeat(FORM_BODY_LIMIT - 100);
    const form = await readForm(post(new URLSearchParams({ nama: value, email: "a@b.test" }).toString()));
    expect(form.get("nama")).toBe(value);
    const { stream } = streamedBody(FORM_BODY_LIMIT);
    expect(String((await readForm(post(stream))).get("nama")).length).toBe(FORM_BODY_LIMIT - 5);
  });

  it("answers 413 when the server's stream stops at its limit, 400 when the client goes away", async () => {
    const failing = (error: Error) =>
      new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode("nama=a"));
          controller.error(error);
        },
      });
    expect(await refusal(readForm(post(failing(new BodyTooLargeError(FORM_BODY_LIMIT)))))).toEqual({
      status: 413,
      message: FORM_MESSAGES.tooLarge,
    });
    expect(await refusal(readForm(post(failing(new Error("socket hang up")))))).toEqual({
      status: 400,
      message: FORM_MESSAGES.malformed,
    });
  });
});

describe("boundedReply", () => {
  it("sends back at most 1000 characters of a submitted value, however long the value was", () => {
    const reply = {
      status: "error" as const,
      initialValue: { nama: "A".repeat(900_000), email: "a@b.test", ["x".repeat(5000)]: "y" },
      fields: ["nama", "email", "x".repeat(5000)],
      error: { "": ["Nama terlalu panjang."] },
    };
    const bounded = boundedReply(reply);
    expect(JSON.stringify(bounded).length).toBeLessThan(3000);
    expect(bounded.initialValue.nama).toBe("A".repeat(1000));
    expect(bounded.initialValue.email).toBe("a@b.test");
    expect(bounded.error).toEqual(reply.error);
  });
});
