import type { ErrorCode } from "@convive/domain/core";

/**
 * A refusal the uploader should see (too many rows, not an image…), raised inside a file worker. It carries
 * what an AppError would; the pool turns it into one on the server's side. The workers do without AppError
 * so that they never load the whole domain package (zod schemas): a fresh worker is ready sooner.
 */
export class FileRefusal extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly fields?: Record<string, ErrorCode>,
    readonly params?: Record<string, string | number>,
  ) {
    super(code);
  }
}
