// The first encoding the client takes with q above 0, best first; for the page cache and static files (0031).
export type Encoding = "br" | "gzip";

const seen = new Map<string, Map<string, number>>();

function qualities(acceptEncoding: string): Map<string, number> {
  let codings = seen.get(acceptEncoding);
  if (codings) return codings;
  codings = new Map();
  for (const item of acceptEncoding.toLowerCase().split(",")) {
    const [name = "", ...params] = item.split(";");
    const q = params
      .map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1])
      .find((value) => value !== undefined);
    codings.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  if (seen.size >= 100) seen.clear();
  seen.set(acceptEncoding, codings);
  return codings;
}

export function chooseEncoding<E extends Encoding>(
  acceptEncoding: string | null | undefined,
  available: readonly E[],
): E | null {
  if (!acceptEncoding) return null;
  const codings = qualities(acceptEncoding);
  return available.find((encoding) => (codings.get(encoding) ?? codings.get("*") ?? 0) > 0) ?? null;
}
