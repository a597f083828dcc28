/**
 * A redirect target taken from user input (`redirectTo`), made safe to send back.
 *
 * Invariants of the answer: a path on this site (one "/", never "//host" or "/\host", which
 * browsers read as another origin) and printable ASCII only, so a `Location` header can always
 * carry it (Node's Headers throws on anything past U+00FF: a 500, issue #20). The target is read
 * the way a browser would read it (a URL parser drops tabs and newlines, turns "\" into "/" and
 * resolves "/./"), and what comes out is checked again: `/.//evil` resolves to `//evil`.
 * Anything else gives the fallback.
 */
const MAX_TARGET_LENGTH = 2048;
const BASE = "http://nyala.invalid";
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
const HEADER_SAFE_PATH = /^\/(?![/\\])[\x21-\x7e]*$/;

export function safeRedirect(target: FormDataEntryValue | string | null | undefined, fallback = "/"): string {
  if (typeof target !== "string" || target.length > MAX_TARGET_LENGTH) return fallback;
  if (!target.startsWith("/") || target.startsWith("//") || target.startsWith("/\\")) return fallback;
  if (CONTROL.test(target)) return fallback;
  let url: URL;
  try {
    url = new URL(target, BASE);
  } catch {
    return fallback;
  }
  if (url.origin !== BASE) return fallback;
  // The parser percent-encodes every character past ASCII in the path, query and fragment.
  const path = `${url.pathname}${url.search}${url.hash}`;
  return HEADER_SAFE_PATH.test(path) && path.length <= MAX_TARGET_LENGTH ? path : fallback;
}
