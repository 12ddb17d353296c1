/**
 * Malformed input for the OpenAPI-driven fuzz test (apps/server/test/api/fuzz.test.ts): what a careless client,
 * a scanner or an attacker sends. Every one must be answered with 4xx (or 2xx where it happens to be valid).
 */

/** Path segments, as they appear in the URL (already %-encoded where needed). */
export const PATH_VALUES = [
  "0x10",
  "1e1",
  "%2016",
  "16.0",
  "-1",
  "0",
  "2147483648",
  "99999999999999999999",
  "%00",
  "1%00",
  "%ZZ",
  "%C0%AF",
  "..%2F..%2Fetc%2Fpasswd",
  "%F0%9F%98%80",
  "1;select%201",
  "%27",
  "null",
  "x".repeat(2_000),
];

/** Query values, as they appear after `name=`. */
export const QUERY_VALUES = [
  "%00",
  "a%00b",
  "%01",
  "%0A",
  "%ZZ",
  "",
  "0x10",
  "1e1",
  "-1",
  "99999999999999999999",
  "%F0%9F%98%80",
  "%ED%A0%80",
  "x".repeat(5_000),
];

/** Whole query strings built around one parameter: repeated, as an object, and doubly named. */
export const queryForms = (name: string) => [
  `${name}=1&${name}=2`,
  `${name}[a]=1`,
  `${name}[]=1`,
  `${name}=1&${name}=%00`,
];

const deep = (depth: number, leaf: string) => `${'{"a":'.repeat(depth)}${leaf}${"}".repeat(depth)}`;

/** Whole bodies sent as application/json, raw. */
export const RAW_JSON_BODIES = [
  "{",
  '{"a":',
  '{"a":1,}',
  "[",
  "nul",
  "\u0000",
  '"\\u0000"',
  '"\\ud800"',
  "1e999999",
  "[]",
  "null",
  "0",
  "true",
  '"texto"',
  "{}",
  '{"__proto__":{"polluted":1}}',
  '{"constructor":{"prototype":{"polluted":1}}}',
  deep(5_000, "1"),
  `${"[".repeat(20_000)}${"]".repeat(20_000)}`,
  JSON.stringify({ a: "x".repeat(900_000) }),
];

/** Bodies with other content types. */
export const OTHER_BODIES: { type: string | undefined; body: string | Buffer }[] = [
  { type: "text/plain", body: "hola" },
  { type: "application/x-www-form-urlencoded", body: "name=a%00b&id=0x10" },
  {
    type: "multipart/form-data; boundary=x",
    body: "--x\r\nContent-Disposition: form-data; name=a\r\n\r\n\u0000\r\n--x--",
  },
  { type: "application/xml", body: "<a>&xxe;</a>" },
  { type: "application/json; charset=utf-16", body: '{"a":1}' },
  { type: "image/png", body: Buffer.from("89504e470d0a1a0a0000000d49484452", "hex") },
  { type: "application/zip", body: Buffer.from("504b0304ffffffff", "hex") },
  { type: "text/csv", body: "Nombre,Correo\r\n=cmd|' /C calc'!A0,a\u0000@b.test\r\n" },
  { type: undefined, body: "sin tipo" },
];

/**
 * Headers that replace the caller's own, one set at a time ({token} is the caller's access token). Raw control
 * characters are left out: Node's HTTP parser refuses them before the app sees a request.
 */
export const HEADER_SETS: Record<string, string>[] = [
  { "x-school-id": "%00" },
  { "x-school-id": "x".repeat(1_000) },
  { "x-school-id": "Colegio Demo" },
  { authorization: "Bearer " },
  { authorization: `Bearer ${"x".repeat(10_000)}` },
  { authorization: "Basic Zm9vOmJhcg==" },
  { authorization: "Bearer {token}", "accept-language": "x".repeat(1_000) },
  { authorization: "Bearer {token}", "accept-language": "*;q=NaN, es-MX;q=2" },
  { cookie: "convive_session=%ZZ; XSRF-TOKEN=%E0%A4%A", "x-xsrf-token": "%E0%A4%A" },
  { cookie: `convive_session=${"x".repeat(5_000)}` },
  { cookie: "convive_session={token}; XSRF-TOKEN=%E0%A4%A", "x-xsrf-token": "%E0%A4%A" },
  { authorization: "Bearer {token}", host: "%00.localhost" },
  { authorization: "Bearer {token}", host: "evil.test:99999" },
];

/** Values a single property takes in turn, everything else in the body staying valid. */
export const PROPERTY_VALUES: unknown[] = [
  null,
  0,
  -1,
  1.5,
  2_147_483_648,
  1e308,
  "",
  "\u0000",
  "a\u0000b",
  "\u001b[31m",
  "\ud800",
  "0x10",
  "x".repeat(100_000),
  [],
  [null],
  {},
  { $ne: null },
  true,
  JSON.parse(deep(500, "1")),
];

/** A smaller set for properties of objects inside arrays (students[].student_id…). */
export const NESTED_VALUES: unknown[] = [null, -1, "\u0000", "x".repeat(10_000), {}, []];
