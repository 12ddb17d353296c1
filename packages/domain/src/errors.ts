/**
 * Stable error codes with their messages in both languages. The server answers `{ message, code, errors? }`
 * with the message in the caller's language; the web may translate by code. Spec §8 texts are word for word.
 */
import actionMessages from "./messages/action-messages.json" with { type: "json" };
import errors from "./messages/errors.json" with { type: "json" };

/** A message in both languages; `note` says what its {placeholders} hold or why it exists. */
export interface Message {
  es: string;
  en: string;
  note?: string;
}

// The catalogue is data (messages/errors.json, edited like the web's locales): code → HTTP status and texts.
export const ERRORS = errors satisfies Record<string, Message & { status: number }>;

export type ErrorCode = keyof typeof ERRORS;

/** The one error shape every failing call answers with. */
export interface ErrorBody {
  message: string;
  code: ErrorCode;
  /** Field errors: path → message, in the caller's language. */
  errors?: Record<string, string>;
}

/** Messages of spec §8 shown by the web after saves and actions, in both languages. */
export const ACTION_MESSAGES = actionMessages satisfies Record<string, Message>;
