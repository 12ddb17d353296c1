import { INCIDENT_DETAILS_MAX, type Language } from "@convive/domain";
import { eq } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Db } from "../../db/client.ts";
import { schools, users } from "../../db/schema/index.ts";
import { AppError } from "../../lib/errors.ts";
import { personName } from "../../lib/names.ts";
import type { Viewer } from "../incidents/index.ts";
import { openableFile } from "../student-file/index.ts";
import type { CopyPdfJobs } from "./copy.pool.ts";
import { type FamilyCopy, SECTION_SOURCES, SECTION_TITLES, type SectionKey } from "./copy.sections.ts";
import type { RectificationsService } from "./rectifications.service.ts";

/** Headers of the family's own request that the section reads carry (who they are, which school, which language). */
const FORWARDED = [
  "authorization",
  "cookie",
  "x-school-id",
  "host",
  "accept-language",
  "user-agent",
  "x-forwarded-for",
];
/**
 * How many section reads run at once: the copy is one family's, and other schools' calls go on meanwhile. Two
 * keeps another school's poll p99 near 50 ms while the copy is made; four or eight made the copy no faster on
 * 2 cores and the poll's p99 2–5× worse (bench/family-copy.bench.ts).
 */
const AT_ONCE = 2;
/**
 * Incidents per details read (the route takes up to INCIDENT_DETAILS_MAX): a read is serialised, checked against
 * its schema and passed through the family reader in one go on the event loop, so a smaller page keeps each of
 * those blocks short for other schools' requests, at a few more statements.
 */
const INCIDENTS_PER_READ = Math.min(25, INCIDENT_DETAILS_MAX);

type Json = Record<string, unknown>;

/**
 * Keeps only this child's rows where an answer lists a family's children side by side (ratings, forms): the copy
 * is one child's. A sibling is not another family's child (nothing to redact), but it is not this copy's either.
 */
function onlyChild(value: unknown, studentId: number): unknown {
  if (Array.isArray(value)) {
    return value
      .filter((item) => {
        if (item === null || typeof item !== "object") return true;
        const student = (item as Json).student as Json | undefined;
        const id = student && typeof student === "object" ? student.id : (item as Json).student_id;
        return typeof id !== "number" || id === studentId;
      })
      .map((item) => onlyChild(item, studentId));
  }
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(Object.entries(value as Json).map(([k, v]) => [k, onlyChild(v, studentId)]));
}

async function pool<T, R>(items: readonly T[], work: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  const lanes = Array.from({ length: Math.min(AT_ONCE, items.length) }, async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await work(items[i]!);
      // An in-process read resolves mostly in microtasks: let other schools' requests in between two reads.
      await new Promise((resolve) => setImmediate(resolve));
    }
  });
  await Promise.all(lanes);
  return out;
}

/**
 * The family's own copy (issue 30 §3): everything the school holds about their child that is meant for them.
 * Each section is the answer of the module's own family-facing read to this very family (copy.sections.ts), so
 * what "meant for the family" means is decided once, by the module, and every text has already passed the family
 * reader (the JSON hook, other children's names hidden). The PDF is drawn from the same data in a worker.
 */
export function createCopyService(deps: {
  db: Db;
  app: FastifyInstance;
  pdfs: CopyPdfJobs;
  rectifications: RectificationsService;
}) {
  const { db, app, pdfs, rectifications } = deps;

  async function read(request: FastifyRequest, path: string): Promise<Json> {
    const headers: Record<string, string> = {};
    for (const name of FORWARDED) {
      const value = request.headers[name];
      if (typeof value === "string") headers[name] = value;
    }
    const res = await app.inject({ method: "GET", url: path, headers });
    // A section the family may not read (a module they hold no permission for) is left out, not failed.
    if (res.statusCode === 403 || res.statusCode === 404) return {};
    if (res.statusCode !== 200) throw new AppError("SERVICE_UNAVAILABLE");
    return (res.json() as { data: Json }).data;
  }

  async function section(request: FastifyRequest, key: SectionKey, studentId: number): Promise<unknown> {
    const source = SECTION_SOURCES[key];
    if (!source) return null;
    const base = source.path(studentId);
    if (!source.pages) {
      const data = await read(request, base);
      return Object.keys(data).length === 0 ? null : source.pick(data);
    }
    const all: unknown[] = [];
    for (let page = 1; ; page++) {
      const joiner = base.includes("?") ? "&" : "?";
      const data = await read(request, `${base}${joiner}page=${page}&per_page=${source.pages.perPage}`);
      const rows = (source.pick(data) as unknown[] | undefined) ?? [];
      all.push(...rows);
      if (rows.length < source.pages.perPage) break;
    }
    return all;
  }

  /** Every incident's details (the archive's row is an excerpt), read as the family reads them, a page at a time. */
  async function incidents(request: FastifyRequest, rows: unknown): Promise<unknown[]> {
    const ids = ((rows as { id: number }[] | null) ?? []).map((r) => r.id);
    const pages = Array.from({ length: Math.ceil(ids.length / INCIDENTS_PER_READ) }, (_, i) =>
      ids.slice(i * INCIDENTS_PER_READ, (i + 1) * INCIDENTS_PER_READ),
    );
    const details = await pool(pages, async (page) => {
      const data = await read(request, `/api/incidents/details?ids=${page.join(",")}`);
      return (data.incidents as unknown[] | undefined) ?? [];
    });
    return details.flat();
  }

  /** The forms the family has for this child, each with the child's answer. */
  async function forms(request: FastifyRequest, studentId: number): Promise<unknown[]> {
    const list = ((await read(request, "/api/forms")).forms as { id: number }[] | undefined) ?? [];
    const mine = await pool(list, async (f) => (await read(request, `/api/forms/${f.id}/mine`)).form as Json);
    return mine
      .filter(Boolean)
      .map((form) => onlyChild(form, studentId) as Json)
      .filter((form) => Array.isArray(form.children) && form.children.length > 0);
  }

  /**
   * The copy for a family member of the student: another family's child or another school's is 404, staff are
   * refused (403: the copy is the family's right; staff read the file itself).
   */
  async function build(request: FastifyRequest, viewer: Viewer, studentId: number): Promise<FamilyCopy> {
    const { row, family } = await openableFile(db, viewer, studentId);
    if (!family) throw new AppError("FORBIDDEN");
    const keys = Object.keys(SECTION_TITLES) as SectionKey[];
    const read = await pool(keys, async (key) => {
      if (key === "forms") return forms(request, studentId);
      if (key === "rectifications") return (await rectifications.ofStudent(viewer, studentId)).requests;
      const content = await section(request, key, studentId);
      return key === "incidents" ? incidents(request, content) : content;
    });
    const sections = Object.fromEntries(
      keys.map((key, i) => [key, onlyChild(read[i], studentId)]),
    ) as FamilyCopy["sections"];
    const [school] = await db
      .select({ name: schools.name, timeZone: schools.timeZone })
      .from(schools)
      .where(eq(schools.id, viewer.tenant.schoolId));
    const [me] = await db
      .select({ name: personName(users) })
      .from(users)
      .where(eq(users.id, viewer.userId));
    return {
      format: "convive.family-copy/1",
      generated_at: new Date().toISOString(),
      language: viewer.language ?? "es",
      school: { name: school?.name ?? "", time_zone: school?.timeZone ?? "America/Mexico_City" },
      student: { id: row.id, name: row.name },
      requested_by: { id: viewer.userId, name: me?.name ?? "" },
      sections,
    };
  }

  /** The copy as a PDF in the family's language, drawn in a worker thread (never on the event loop). */
  async function pdf(copy: FamilyCopy, language: Language): Promise<Buffer> {
    return pdfs.render({ copy, language });
  }

  return { build, pdf };
}

export type CopyService = ReturnType<typeof createCopyService>;
