/**
 * A redirect target taken from user input, kept on this site: a path starting with one "/",
 * never "//host" or "/\host" (which browsers treat as another origin). Anything else → fallback.
 */
export function safeRedirect(target: FormDataEntryValue | string | null | undefined, fallback = "/"): string {
  if (typeof target !== "string" || !target.startsWith("/") || target.startsWith("//")) return fallback;
  if (target.startsWith("/\\") || [...target].some((char) => char.charCodeAt(0) < 0x20)) return fallback;
  return target;
}
