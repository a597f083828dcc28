// Body limits per route, enforced as the body streams in (0015); the server imports it too: no imports.
export const FORM_BODY_LIMIT = 1024 * 1024;

export const PHOTO_MAX_BYTES = 5 * 1024 * 1024;

export const UPLOAD_BODY_LIMIT = PHOTO_MAX_BYTES + 256 * 1024;

export const BODY_TOO_LARGE_MESSAGES = {
  form: "Isi formulir terlalu besar.",
  upload: "Ukuran foto paling besar 5 MB.",
} as const;

export const bodyLimitKind = (pathname: string): keyof typeof BODY_TOO_LARGE_MESSAGES =>
  pathname.startsWith("/admin/") ? "upload" : "form";

export const bodyLimitFor = (pathname: string) =>
  bodyLimitKind(pathname) === "upload" ? UPLOAD_BODY_LIMIT : FORM_BODY_LIMIT;

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
