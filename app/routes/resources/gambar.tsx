import { data } from "react-router";
import type { Route } from "./+types/gambar";
import { readStoredImage } from "~/features/media/images.server.ts";

/**
 * GET /gambar/<kind>/<sha256>.webp: a photo uploaded in the admin pages, or one of its smaller
 * copies (`<sha256>-<width>.webp`, images.ts). The name is the hash of the content, so the answer
 * never changes and browsers keep it for a year.
 */
export async function loader({ params }: Route.LoaderArgs) {
  const bytes = await readStoredImage(params.kind, params.file);
  if (!bytes) throw data("Gambar tidak ditemukan.", { status: 404 });
  return new Response(new Uint8Array(bytes), {
    headers: {
      "Content-Type": "image/webp",
      "Content-Length": String(bytes.byteLength),
      "Cache-Control": "public, max-age=31536000, immutable",
      ETag: `"${params.file.replace(/\.webp$/, "")}"`,
      "X-Content-Type-Options": "nosniff",
    },
  });
}
