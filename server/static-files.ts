// Build files and public/: assets cached a year, and a .br/.gz twin sent to a client that takes it (0031).
import { readdirSync } from "node:fs";
import path from "node:path";
import express, { type RequestHandler } from "express";
import { chooseEncoding } from "../app/lib/accept-encoding.ts";

const SUFFIX = { br: ".br", gzip: ".gz" } as const;
const ENCODINGS = ["br", "gzip"] as const;

interface Known {
  files: Map<string, Set<keyof typeof SUFFIX>>;
}

function listFiles(dir: string, prefix: string, into: Known) {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of entries) {
    const urlPath = `${prefix}/${entry.name}`;
    if (entry.isDirectory()) listFiles(path.join(dir, entry.name), urlPath, into);
    else if (entry.isFile()) {
      const encoding = (Object.keys(SUFFIX) as (keyof typeof SUFFIX)[]).find((name) =>
        entry.name.endsWith(SUFFIX[name]),
      );
      const original = encoding ? urlPath.slice(0, -SUFFIX[encoding].length) : urlPath;
      const encodings = into.files.get(original) ?? new Set();
      if (encoding) encodings.add(encoding);
      into.files.set(original, encodings);
    }
  }
}

export function staticFiles(client: string): RequestHandler {
  const known: Known = { files: new Map() };
  listFiles(client, "", known);
  listFiles(path.resolve("public"), "", known);
  const files = express.Router();
  files.use("/assets", express.static(path.join(client, "assets"), { immutable: true, maxAge: "1y" }));
  files.use(express.static(client));
  files.use(express.static("public", { maxAge: "1h" }));
  files.use("/.well-known", express.static(path.join(client, ".well-known")));
  return (request, response, next) => {
    let pathname: string;
    try {
      pathname = decodeURIComponent(request.path);
    } catch {
      return next();
    }
    const encodings = known.files.get(pathname);
    if (!encodings) return next();
    if (encodings.size > 0) {
      response.vary("Accept-Encoding");
      const encoding = chooseEncoding(
        request.headers["accept-encoding"],
        ENCODINGS.filter((name) => encodings.has(name)),
      );
      if (encoding) {
        // The file's own type; express.static keeps a Content-Type that is already set.
        response.type(path.extname(pathname));
        response.setHeader("Content-Encoding", encoding);
        request.url = request.url.replace(/^[^?]*/, (urlPath) => urlPath + SUFFIX[encoding]);
      }
    }
    files(request, response, next);
  };
}
