/**
 * How many bytes a request may send per route, enforced by server/request-body.ts as the body
 * streams in and used by the form readers (docs/decisions/0015-one-server-process.md). Imported by
 * the server outside the bundle and by the browser: no imports, only erasable TypeScript.
 */

/** A form without a photo: a few short fields. */
export const FORM_BODY_LIMIT = 1024 * 1024;

/** The largest photo an admin may upload (the photo field checks it in the browser too). */
export const PHOTO_MAX_BYTES = 5 * 1024 * 1024;

/** An admin form that may carry one photo: the photo plus room for the text fields. */
export const UPLOAD_BODY_LIMIT = PHOTO_MAX_BYTES + 256 * 1024;

export const BODY_TOO_LARGE_MESSAGES = {
  form: "Isi formulir terlalu besar.",
  upload: "Ukuran foto paling besar 5 MB.",
} as const;

/** Only admin pages take photos; every other URL gets the form limit. */
export const bodyLimitKind = (pathname: string): keyof typeof BODY_TOO_LARGE_MESSAGES =>
  pathname.startsWith("/admin/") ? "upload" : "form";

export const bodyLimitFor = (pathname: string) =>
  bodyLimitKind(pathname) === "upload" ? UPLOAD_BODY_LIMIT : FORM_BODY_LIMIT;

/** What the server's body stream fails with past the limit; readers check it by name. */
export class BodyTooLargeError extends Error {
  override name = "BodyTooLargeError";
  readonly limit: number;
  constructor(limit: number) {
    super(`request body over ${limit} bytes`);
    this.limit = limit;
  }
}

export const isBodyTooLarge = (error: unknown): boolean =>
  error instanceof Error && (error.name === "BodyTooLargeError" || isBodyTooLarge(error.cause));
