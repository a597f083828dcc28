import { describe, expect, it } from "vitest";
import { UPLOAD_BODY_LIMIT } from "~/lib/body-limit.ts";
import { readUploadForm } from "./images.server.ts";

const CHUNK = 64 * 1024;

describe("readUploadForm", () => {
  it("holds a chunked photo form to the upload limit, with the photo's limit as the message", async () => {
    let pulled = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (pulled >= 50 * 1024 * 1024) return controller.close();
        pulled += CHUNK;
        controller.enqueue(new Uint8Array(CHUNK).fill(65));
      },
    });
    const request = new Request("http://localhost/admin/menu", {
      method: "POST",
      body: stream,
      headers: { "content-type": "multipart/form-data; boundary=x" },
      duplex: "half",
    } as RequestInit);
    const thrown = (await readUploadForm(request).catch((error: unknown) => error)) as {
      data?: unknown;
      init?: { status?: number };
    };
    expect({ status: thrown.init?.status, message: thrown.data }).toEqual({
      status: 413,
      message: "Ukuran foto paling besar 5 MB.",
    });
    expect(pulled).toBeLessThanOrEqual(UPLOAD_BODY_LIMIT + 2 * CHUNK);
  });
});
