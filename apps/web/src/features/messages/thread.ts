import type { ThreadMessage } from "@convive/domain";

/** One message as the thread draws it. */
export interface ThreadItem {
  message: ThreadMessage;
  /** Written by the reader: drawn on the right, with its receipts. */
  mine: boolean;
  /** The author's name and profile above it: the first of a run by one author (a new day starts a run). */
  showAuthor: boolean;
}

export interface ThreadDay {
  /** The day as the reader reads it ("25 nov 2026"), also its key. */
  day: string;
  items: ThreadItem[];
}

/** A run by one author is broken by this much silence, so a reply hours later names its author again. */
const RUN_GAP_MS = 10 * 60_000;

/**
 * The thread as it is drawn: messages oldest first (the server's order, kept), split by day on the school's clock
 * (`dayOf`), each marked mine or not, with the author named at the start of each run.
 */
export function groupThread(
  messages: readonly ThreadMessage[],
  userId: number | null,
  dayOf: (at: string) => string,
): ThreadDay[] {
  const days: ThreadDay[] = [];
  let previous: ThreadMessage | null = null;
  for (const message of messages) {
    const day = dayOf(message.created_at);
    let current = days.at(-1);
    if (!current || current.day !== day) {
      current = { day, items: [] };
      days.push(current);
      previous = null;
    }
    const showAuthor =
      previous === null ||
      previous.author.id !== message.author.id ||
      Date.parse(message.created_at) - Date.parse(previous.created_at) > RUN_GAP_MS;
    current.items.push({ message, mine: userId !== null && message.author.id === userId, showAuthor });
    previous = message;
  }
  return days;
}

/**
 * The newest message by someone else, or null: when it changes while the thread is open (it opened, or one
 * arrived), the reader has seen it and the thread is marked read.
 */
export function newestFromOthers(messages: readonly ThreadMessage[], userId: number | null): number | null {
  for (let i = messages.length - 1; i >= 0; i -= 1) {
    const message = messages[i]!;
    if (message.author.id !== userId) return message.id;
  }
  return null;
}

/** "99+" beyond 99, so a badge keeps its size. */
export const countLabel = (count: number) => (count > 99 ? "99+" : String(count));
