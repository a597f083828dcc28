// The server's own answers outside React Router: a short Indonesian page or text, never cached (0030).
import type { IncomingMessage, ServerResponse } from "node:http";

export interface ServerAnswer {
  status: number;
  title: string;
  message: string;
  /** Seconds. */
  retryAfter?: number;
}

export const SERVER_ANSWERS = {
  bodyTooSlow: {
    status: 408,
    title: "Kiriman terlalu lambat",
    message: "Formulir terkirim terlalu lambat, jadi dihentikan. Periksa sambunganmu lalu kirim ulang.",
  },
  bodiesPerAddress: {
    status: 429,
    title: "Terlalu banyak kiriman",
    message: "Terlalu banyak kiriman yang sedang berjalan dari alamatmu. Tunggu sebentar lalu kirim ulang.",
    retryAfter: 10,
  },
  bodiesTotal: {
    status: 503,
    title: "Server sedang sibuk",
    message: "Server sedang menerima banyak kiriman. Coba lagi sebentar lagi.",
    retryAfter: 5,
  },
  streamsPerAddress: {
    status: 429,
    title: "Terlalu banyak halaman langsung",
    message:
      "Terlalu banyak halaman langsung yang terbuka dari alamatmu. Muat ulang halaman nanti untuk melihat yang terbaru.",
    retryAfter: 30,
  },
  streamsTotal: {
    status: 503,
    title: "Pembaruan langsung penuh",
    message: "Pembaruan langsung sedang penuh. Muat ulang halaman nanti untuk melihat yang terbaru.",
    retryAfter: 30,
  },
  database: {
    status: 503,
    title: "Sedang ada gangguan",
    message: "Server kami sedang tidak bisa menghubungi database. Coba lagi sebentar lagi.",
    retryAfter: 5,
  },
  disk: {
    status: 503,
    title: "Penyimpanan penuh",
    message:
      "Penyimpanan server sedang penuh, jadi pesanan dan perubahan belum bisa disimpan. Coba lagi sebentar lagi atau hubungi kami lewat WhatsApp.",
    retryAfter: 30,
  },
  stopping: {
    status: 503,
    title: "Server sedang dihentikan",
    message: "Server sedang dihentikan. Coba lagi sebentar lagi.",
    retryAfter: 5,
  },
} satisfies Record<string, ServerAnswer>;

export function answerPage(title: string, message: string): string {
  return `<!doctype html><html lang="id"><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title><body style="font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem"><h1>${title}</h1><p>${message}</p><p><a href="/beranda">Kembali ke beranda</a></p></body></html>`;
}

export const ANSWER_PAGE_HEADERS = {
  "Cache-Control": "no-store",
  "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'",
  "X-Content-Type-Options": "nosniff",
} as const;

// React Router's data requests and EventSource show the text themselves.
const wantsText = (request: IncomingMessage): boolean =>
  (request.url ?? "").split("?")[0]!.endsWith(".data") ||
  (request.headers.accept ?? "").includes("text/event-stream");

export function serverAnswer(request: IncomingMessage, answer: ServerAnswer) {
  const text = wantsText(request);
  const body = text ? answer.message : answerPage(answer.title, answer.message);
  const headers: Record<string, string> = {
    ...ANSWER_PAGE_HEADERS,
    "Content-Type": text ? "text/plain; charset=utf-8" : "text/html; charset=utf-8",
    ...(answer.retryAfter ? { "Retry-After": String(answer.retryAfter) } : {}),
  };
  return { headers, body };
}

export function sendServerAnswer(request: IncomingMessage, response: ServerResponse, answer: ServerAnswer) {
  const { headers, body } = serverAnswer(request, answer);
  response.writeHead(answer.status, {
    ...headers,
    "Content-Length": Buffer.byteLength(body),
    Connection: "close",
  });
  response.end(request.method === "HEAD" ? undefined : body);
}
