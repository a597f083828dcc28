// A redirect target from user input: a path on this site in printable ASCII, else the fallback (0017).
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
  const path = `${url.pathname}${url.search}${url.hash}`;
  return HEADER_SAFE_PATH.test(path) && path.length <= MAX_TARGET_LENGTH ? path : fallback;
}
