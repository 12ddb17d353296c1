/**
 * Format checks for the Mexican identifiers of spec §3 "Parent and student records": the CURP of a student and
 * the RFC of a family member (persona física). Inputs are compared after trimming and upper-casing, which is
 * how people type them; the stored value should be `normalizeId(input)`.
 */

/** Structure of a CURP: 4 letters, birth date (YYMMDD), sex, state and consonants (5 letters), homonym key, check digit. */
export const CURP_PATTERN = /^[A-Z]{4}\d{6}[HM][A-Z]{5}[A-Z0-9]\d$/;
/** RFC of a natural person: 4 letters (Ñ and & allowed), birth date (YYMMDD), 3-character homoclave. */
export const RFC_PATTERN = /^[A-ZÑ&]{4}\d{6}[A-Z0-9]{3}$/;

/** The alphabet RENAPO uses for the check digit: digits, then A–Z with Ñ after N. */
const CURP_ALPHABET = "0123456789ABCDEFGHIJKLMNÑOPQRSTUVWXYZ";

export const normalizeId = (value: string) => value.trim().toUpperCase();

/** True when YYMMDD is a real calendar day (in some century: the year is two digits). */
function isYymmdd(digits: string): boolean {
  const yy = Number(digits.slice(0, 2));
  const mm = Number(digits.slice(2, 4));
  const dd = Number(digits.slice(4, 6));
  if (mm < 1 || mm > 12 || dd < 1) return false;
  // 2000 is a leap year, so "000229" is valid; any other yy decides leap years the same way in both centuries.
  const year = 2000 + yy;
  return dd <= new Date(Date.UTC(year, mm, 0)).getUTCDate();
}

/** The official check digit of the first 17 characters of a CURP. */
export function curpCheckDigit(first17: string): number {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += CURP_ALPHABET.indexOf(first17[i]!) * (18 - i);
  return (10 - (sum % 10)) % 10;
}

/** Format, birth date and check digit of a CURP (case and surrounding spaces ignored). */
export function isValidCurp(value: string): boolean {
  const curp = normalizeId(value);
  if (!CURP_PATTERN.test(curp) || !isYymmdd(curp.slice(4, 10))) return false;
  return curpCheckDigit(curp.slice(0, 17)) === Number(curp[17]);
}

/** Format and birth date of a persona física RFC (case and surrounding spaces ignored). */
export function isValidRfc(value: string): boolean {
  const rfc = normalizeId(value);
  return RFC_PATTERN.test(rfc) && isYymmdd(rfc.slice(4, 10));
}
