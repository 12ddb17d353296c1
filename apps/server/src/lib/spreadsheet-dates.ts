import { toWallTime } from "@convive/domain";

/**
 * Dates and times written into a spreadsheet as real ones (issue 12 §5), so Excel, LibreOffice and Sheets sort
 * and filter them as dates: a cell holds the serial number of the school's wall clock (what a person at the school
 * read then), not the UTC instant, since a spreadsheet knows no zones. exceljs turns a Date into that serial from
 * its UTC fields, so each helper returns the Date whose UTC fields are the wall clock's.
 *
 * The formats are the same in both languages and unambiguous ("2026-11-25", "10:00", "2026-11-25 10:00"): a
 * file is passed around between readers of either language, and "01/02/2026" reads as two different days.
 */
export const SHEET_FORMATS = { date: "yyyy-mm-dd", time: "hh:mm", dateTime: "yyyy-mm-dd hh:mm" } as const;

/** A school day `YYYY-MM-DD` as a date cell. */
export const dayCell = (day: string): Date => new Date(`${day.slice(0, 10)}T00:00:00Z`);

/** An instant's date and time on the school's clock, as a date-time cell. */
export const dateTimeCell = (at: Date, timeZone: string): Date => new Date(`${toWallTime(at, timeZone)}:00Z`);

/** An instant's time of day on the school's clock, as a time cell (a fraction of a day, serial 0 + time). */
export const timeCell = (at: Date, timeZone: string): Date =>
  new Date(`1899-12-30T${toWallTime(at, timeZone).slice(11)}:00Z`);
