import type { Route } from "./+types/gambar";
import { openStoredImage, storedImageRequest } from "~/features/media/images.server.ts";
import placeholder from "~/features/media/photo-placeholder.svg?raw";
import { getDb } from "~/lib/db.server.ts";

// Named by content hash, so the answer never changes and browsers keep it a year; a missing photo answers
// 404 with a placeholder picture, which browsers draw instead of a broken one.
export async function loader({ params, request }: Route.LoaderArgs) {
  const wanted = storedImageRequest(params.kind, params.file);
  const etag = `"${params.file.replace(/\.webp$/, "")}"`;
  const cached = { "Cache-Control": "public, max-age=31536000, immutable", ETag: etag };
  const ifNoneMatch = request.headers.get("if-none-match") ?? "";
  if (wanted && ifNoneMatch.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag)) {
    return new Response(null, { status: 304, headers: cached });
  }
  const photo = wanted
    ? await openStoredImage(await getDb(), params.kind, params.file).catch((error: unknown) => {
        console.error(`Foto ${params.kind}/${params.file} tidak bisa dibaca:`, error);
        return "unreadable" as const;
      })
    : null;
  if (!photo || photo === "unreadable") {
    return new Response(placeholder, {
      status: photo ? 503 : 404,
      headers: {
        "Content-Type": "image/svg+xml",
        "Cache-Control": "no-store",
        "Content-Security-Policy": "default-src 'none'",
        "X-Content-Type-Options": "nosniff",
      },
    });
  }
  return new Response(photo.body, {
    headers: {
      ...cached,
      "Content-Type": "image/webp",
      "Content-Length": String(photo.size),
      "X-Content-Type-Options": "nosniff",
    },
  });
}
