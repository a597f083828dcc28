import type { IncomingMessage } from "node:http";
import { describe, expect, it } from "vitest";
import { SERVER_ANSWERS, serverAnswer } from "./server-answers.ts";

const request = (url: string, accept = "text/html") => ({ url, headers: { accept } }) as IncomingMessage;

describe("the server's own answers", () => {
  it("are a short Indonesian page for a browser, never cached, with when to try again", () => {
    const { headers, body } = serverAnswer(request("/pesanan"), SERVER_ANSWERS.disk);
    expect(headers).toMatchObject({
      "Content-Type": "text/html; charset=utf-8",
      "Cache-Control": "no-store",
      "Retry-After": "30",
    });
    expect(body).toContain('<html lang="id">');
    expect(body).toContain("<h1>Penyimpanan penuh</h1>");
    expect(body).toContain("Penyimpanan server sedang penuh");
    expect(body).not.toContain("<script");
  });

  it("are the words alone where a script shows them: React Router's data requests and EventSource", () => {
    const data = serverAnswer(request("/pesanan.data?index"), SERVER_ANSWERS.database);
    expect(data.headers["Content-Type"]).toBe("text/plain; charset=utf-8");
    expect(data.body).toBe("Server kami sedang tidak bisa menghubungi database. Coba lagi sebentar lagi.");
    const stream = serverAnswer(
      request("/pesanan/NY-AAAA/langsung", "text/event-stream"),
      SERVER_ANSWERS.streamsTotal,
    );
    expect(stream.body).toBe(SERVER_ANSWERS.streamsTotal.message);
    expect(serverAnswer(request("/kontak"), SERVER_ANSWERS.bodyTooSlow).headers).not.toHaveProperty(
      "Retry-After",
    );
  });
});
