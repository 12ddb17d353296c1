// A school's quiet hours (issue 25 §2): "HH:MM"–"HH:MM" in the school's time zone, possibly across midnight
// (21:00–07:00). A non-urgent e-mail to a family written inside the window waits until it ends.

const minutesOf = (hhmm: string) => {
  const [h, m] = hhmm.split(":").map(Number);
  return h! * 60 + m!;
};

/** The wall-clock minute of the day and the date parts of `at` in `tz`. */
function wallClock(at: Date, tz: string) {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone: tz,
    hourCycle: "h23",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  }).formatToParts(at);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return { minute: get("hour") * 60 + get("minute"), second: get("second") };
}

/**
 * When the window that holds `now` ends, or null when `now` is outside it (or no window is set). Counted in whole
 * minutes from `now`'s wall clock, so a zone's offset never needs computing; a DST jump inside the window moves the
 * end by that hour at most, which is harmless for e-mail.
 */
export function quietUntil(now: Date, tz: string, start: string | null, end: string | null): Date | null {
  if (!start || !end || start === end) return null;
  const { minute, second } = wallClock(now, tz);
  const from = minutesOf(start);
  const to = minutesOf(end);
  const inside = from < to ? minute >= from && minute < to : minute >= from || minute < to;
  if (!inside) return null;
  const left = (to - minute + 1440) % 1440;
  return new Date(now.getTime() + left * 60_000 - second * 1000 - now.getMilliseconds());
}

export const QUIET_HOURS_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;
