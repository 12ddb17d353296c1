import { ERRORS, type ErrorCode } from "@convive/domain";

/** A failure the caller can act on; turned into `{ message, code, errors? }` by the error plugin. */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    /** Field path → error code or message key, translated by the handler. */
    readonly fields?: Record<string, ErrorCode>,
    /** Values for placeholders such as {size}. */
    readonly params?: Record<string, string | number>,
  ) {
    super(code);
    this.status = ERRORS[code].status;
  }
}

export const notFound = () => new AppError("NOT_FOUND");
export const forbidden = () => new AppError("FORBIDDEN");
