import type { IncomingMessage } from "node:http";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { AppError } from "./errors.ts";
import { readToken } from "./tokens.ts";

export const MB = 1024 * 1024;

/** How much a route reads, and the error (with the figure the caller should see) past that. */
export interface RawLimit {
  bytes: number;
  error: () => AppError;
}

/**
 * Takes bodies of `types` as a Buffer, reading no byte past the limit: an honest Content-Length above it is
 * refused before reading, a dishonest or chunked one at the first byte too many. Fastify's own bodyLimit would
 * answer with a fixed figure; this answers with the one that applies (the school's image limit, say).
 * Scope it to a plugin holding only the routes that take raw files.
 */
export function acceptRawBodies(
  app: FastifyInstance,
  types: readonly (string | RegExp)[],
  limitOf: (request: FastifyRequest) => Promise<RawLimit>,
) {
  const parse = async (request: FastifyRequest, payload: IncomingMessage) => {
    // Without credentials nothing is read: the access check answers 401 next.
    if (!readToken(request)) return null;
    return readLimited(payload, await limitOf(request));
  };
  for (const type of types) app.addContentTypeParser(type, parse);
}

function readLimited(payload: IncomingMessage, limit: RawLimit): Promise<Buffer> {
  if (Number(payload.headers["content-length"]) > limit.bytes) return Promise.reject(limit.error());
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let received = 0;
    const stop = () => {
      payload.off("data", onData);
      payload.off("end", onEnd);
      payload.off("error", onError);
    };
    const onData = (chunk: Buffer) => {
      received += chunk.length;
      if (received > limit.bytes) {
        stop();
        reject(limit.error());
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      stop();
      resolve(Buffer.concat(chunks, received));
    };
    const onError = (error: Error) => {
      stop();
      reject(error);
    };
    payload.on("data", onData);
    payload.on("end", onEnd);
    payload.on("error", onError);
    payload.resume();
  });
}
