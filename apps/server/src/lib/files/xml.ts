import { SaxesParser, type SaxesTagPlain } from "saxes";
import type { EntrySink } from "./zip.ts";

/**
 * Streaming XML for the parts of an XLSX: each entry's bytes go from the inflater through a UTF-8 decoder into
 * saxes as they arrive, so no part is ever held whole as text. saxes checks well-formedness (a sheet of
 * 40 000 unclosed <row> tags is an error at the end, in linear time) and expands only XML's own entities, never
 * ones a DOCTYPE declares.
 */
export interface XmlHandlers {
  open?: (tag: SaxesTagPlain) => void;
  close?: (name: string) => void;
  text?: (text: string) => void;
}

/** A malformed part, or one the entry's data never finished. */
export class XmlError extends Error {}

/** An EntrySink (zip.ts) feeding saxes; `maxBytes` of the entry, and `done()` once the part ended well. */
export function xmlSink(maxBytes: number, handlers: XmlHandlers, done: () => void, tooBig: () => void): EntrySink {
  const parser = new SaxesParser<{ xmlns: false; position: false }>({ xmlns: false, position: false });
  const decoder = new TextDecoder("utf-8");
  // saxes throws from write() unless told otherwise; the error is rethrown as ours so callers can tell it apart.
  parser.on("error", (error) => {
    throw new XmlError(error.message);
  });
  if (handlers.open) parser.on("opentag", handlers.open);
  if (handlers.close) {
    const close = handlers.close;
    parser.on("closetag", (tag) => close(tag.name));
  }
  if (handlers.text) {
    parser.on("text", handlers.text);
    parser.on("cdata", handlers.text);
  }
  return {
    maxBytes,
    onData: (chunk) => {
      parser.write(decoder.decode(chunk, { stream: true }));
    },
    onEnd: (outcome) => {
      if (outcome.tooBig) return tooBig();
      if (outcome.error) throw new XmlError("corrupt entry");
      parser.write(decoder.decode());
      parser.close();
      done();
    },
  };
}

/** An attribute as written, or by its local name whatever prefix the file gave it ("r:id", "x:id"). */
export function attribute(tag: SaxesTagPlain, name: string, anyPrefix = false): string | undefined {
  const direct = tag.attributes[name];
  if (direct !== undefined || !anyPrefix) return direct;
  for (const key in tag.attributes) if (key.endsWith(`:${name}`)) return tag.attributes[key];
  return undefined;
}

/** A tag's name without its namespace prefix ("x:row" → "row": some writers prefix SpreadsheetML). */
export const localName = (name: string) => (name.includes(":") ? name.slice(name.indexOf(":") + 1) : name);

/** OOXML's _xHHHH_ escapes of characters XML cannot hold (control characters). */
export const unescapeOoxml = (text: string) =>
  text.includes("_x")
    ? text.replace(/_x([0-9a-fA-F]{4})_/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)))
    : text;
