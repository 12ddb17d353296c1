/**
 * Redaction bench (`npx tsx bench/redaction.bench.ts`, issue 24 §1 "Speed"): what the names rule of
 * packages/domain/src/redaction.ts costs on a family's heaviest screen — 300 texts of a school of 2 000 students,
 * each in its incident's context, read by one child's family. Two cases: "warm", the school's index as the server
 * keeps it while its names stay the same (lib/family-reader.ts), with the forms earlier screens made; "cold", an
 * index made afresh for every screen, as after the school's students changed.
 *
 * Prints p50/p95 per text and per screen, the index build alone, and a baseline measured in the same run: the
 * least any matcher does (split each text into lower-case words). Issue budget: ≤ 2 ms p95 added per screen.
 *
 * BENCH_STUDENTS (default 2000), BENCH_TEXTS (texts per screen, default 300), BENCH_ROUNDS (screens, default 200),
 * BENCH_ONLY=warm|cold (one of the two cases, e.g. to profile it).
 */
import { performance } from "node:perf_hooks";
import {
  type NamedStudent,
  type NameIndex,
  nameIndex,
  OTHER_STUDENT,
  redactStudentNames,
} from "../packages/domain/src/redaction.ts";
import { runBench } from "./run.ts";
import { percentile, positiveInteger } from "./support.ts";

const STUDENTS = positiveInteger("BENCH_STUDENTS", 2000);
const TEXTS = positiveInteger("BENCH_TEXTS", 300);
const ROUNDS = positiveInteger("BENCH_ROUNDS", 200);
const BUDGET_MS = 2;

/** A fixed-seed generator: every run reads the same school and texts. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const rand = random(24);
const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)]!;
const split = (words: string) => words.trim().split(/\s*,\s*/);

const GIVEN = split(`Andrea, Sofía, María José, Juan Pablo, Luis, Diego, Valentina, Regina, Santiago, Mateo,
  Ximena, Camila, Emiliano, Leonardo, Fernanda, Daniela, José Luis, Ana Paula, Miguel Ángel, Renata, Rosa, Luz,
  Máximo, Paz, Iker, Bruno, Alejandro, Natalia, Valeria, Sebastián, Gael, Isabella, Victoria, Emilio, Carlos,
  Guadalupe, Jesús, Ángel, Mariana, Jimena, Aitana, Romina, Tadeo, Lucía, Julieta, Abril, Fátima, Dulce María`);
const SURNAMES = split(`Alvarado, Jiménez, García, Hernández, López, Martínez, González, Pérez, Rodríguez,
  Sánchez, Ramírez, Cruz, Flores, Gómez, Morales, Vázquez, Reyes, Torres, Rojas, Moreno, Castillo, Vega, Ruiz,
  Mendoza, Aguilar, Ortiz, Domínguez, Gutiérrez, Chávez, Ramos, Herrera, Medina, Castro, Vargas, Guzmán, Núñez,
  de la Cruz, Salazar, Rivera, Ríos, Campos, Luna, Ibarra, Navarro, Pineda, Villanueva, Zamora, Leal, Blanco`);
const WORDS = `el la de que y en los se del las un por con no una su para es al lo como más pero sus le ya o
  este sí porque esta entre cuando muy sin sobre también me hasta hay donde quien desde todo nos durante todos uno
  les ni contra otros ese eso ante ellos e esto mí antes algunos qué unos yo otro otras otra él tanto esa estos
  mucho quienes nada muchos cual poco ella estar estas algunas algo nosotros alumno salón recreo maestra patio
  empujó golpeó insultó lloró gritó mochila cuaderno tarea clase grupo receso banca escalera baño cancha balón
  lápiz dijo vio pidió disculpas orientadora dirección reporte mamá papá familia compañero compañera rosa flores
  luz paz moreno castillo vega campos luna blanco leal rojas ríos máximo`
  .trim()
  .split(/\s+/);

const students: NamedStudent[] = Array.from({ length: STUDENTS }, (_, i) => ({
  id: i + 1,
  firstName: pick(GIVEN),
  paternalSurname: pick(SURNAMES),
  maternalSurname: pick(SURNAMES),
}));

/** A student's name as a teacher may write it, or disguise it. */
function written(s: NamedStudent): string {
  const initial = (value: string) => `${value[0]}.`;
  const forms = [
    `${s.firstName} ${s.paternalSurname}`,
    `${s.firstName} ${s.paternalSurname} ${s.maternalSurname}`,
    `${s.paternalSurname} ${s.maternalSurname} ${s.firstName}`,
    `${s.paternalSurname}, ${s.firstName}`,
    `${s.firstName} ${initial(s.paternalSurname)}`,
    `${initial(s.firstName)} ${s.paternalSurname} ${initial(s.maternalSurname)}`,
    `${s.firstName}.${s.paternalSurname}`.toLowerCase(),
    `${s.firstName}\u200B ${s.paternalSurname}`,
    `${s.firstName} ${s.paternalSurname}`.replace(/a/g, "\u0430"),
    `${s.firstName} ${s.paternalSurname} ${s.maternalSurname}`.toLowerCase(),
    s.firstName,
    s.paternalSurname,
  ];
  return pick(forms);
}

interface Text {
  text: string;
  incidentStudentIds: number[];
}

/**
 * One screen: texts of 5 to 120 words (comments to incident details) about 30 incidents of the child (each with
 * two more students), a third of them naming students.
 */
function screen(child: NamedStudent): Text[] {
  const incidents = Array.from({ length: 30 }, () => [child.id, pick(students).id, pick(students).id]);
  return Array.from({ length: TEXTS }, () => {
    const incident = pick(incidents);
    const length = 5 + Math.floor(rand() ** 2 * 115);
    const words = Array.from({ length }, (_, i) => (i % 12 === 11 ? `${pick(WORDS)}.` : pick(WORDS)));
    if (rand() < 0.35) {
      for (const id of incident) words.splice(Math.floor(rand() * words.length), 0, written(students[id - 1]!));
      words.splice(Math.floor(rand() * words.length), 0, written(pick(students)));
    }
    const text = words.join(" ");
    return { text: text[0]!.toUpperCase() + text.slice(1), incidentStudentIds: incident };
  });
}

const fmt = (ms: number) => (ms < 0.1 ? `${(ms * 1000).toFixed(1)} µs` : `${ms.toFixed(2)} ms`);
const summary = (values: number[]) =>
  `p50 ${fmt(percentile(values, 50))}, p95 ${fmt(percentile(values, 95))}, max ${fmt(values.reduce((a, b) => Math.max(a, b), 0))}`;

/** The school's rows as a request reads them: new objects and new strings, with the same names. */
const fresh = (rows: readonly NamedStudent[]) =>
  rows.map((s) => ({
    id: s.id,
    firstName: s.firstName.split("").join(""),
    paternalSurname: s.paternalSurname.split("").join(""),
    maternalSurname: s.maternalSurname.split("").join(""),
  }));

interface Figures {
  build: number[];
  perText: number[];
  perScreen: number[];
  cpu: number[];
  hidden: number;
}

/**
 * Screens of `screens` in turn, each redacted as one request does, against the index `indexOf(round)` gives: the
 * server's (lib/family-reader.ts keeps a school's index while its names stay the same) or one made afresh.
 */
function measure(screens: { child: NamedStudent; texts: Text[] }[], indexOf: (round: number) => NameIndex) {
  const figures: Figures = { build: [], perText: [], perScreen: [], cpu: [], hidden: 0 };
  for (let round = -20; round < ROUNDS; round++) {
    const { child, texts } = screens[(round + 20) % screens.length]!;
    const cpu0 = process.cpuUsage();
    const t0 = performance.now();
    const index = indexOf(round);
    const built = performance.now() - t0;
    const times: number[] = [];
    let hidden = 0;
    for (const { text, incidentStudentIds } of texts) {
      const t = performance.now();
      const out = redactStudentNames(text, index, {
        incidentStudentIds,
        keepStudentIds: [child.id],
        replacement: OTHER_STUDENT.es,
      });
      times.push(performance.now() - t);
      if (out !== text) hidden++;
    }
    const total = performance.now() - t0;
    const used = process.cpuUsage(cpu0);
    if (round < 0) continue; // warm-up: the JIT, and the process-wide character table
    figures.build.push(built);
    figures.perScreen.push(total);
    figures.perText.push(...times);
    figures.cpu.push((used.user + used.system) / 1000);
    figures.hidden = hidden;
  }
  return figures;
}

function report(title: string, f: Figures) {
  console.log(`\n${title}`);
  console.log(`  index of ${STUDENTS} students: ${summary(f.build)}`);
  console.log(`  per text:                 ${summary(f.perText)}`);
  console.log(`  per screen (index + texts): ${summary(f.perScreen)}`);
  // CPU time is what the screen costs the server, not what other processes of a busy machine add to the wall.
  console.log(`  per screen, CPU time:     ${summary(f.cpu)}`);
}

async function main() {
  const screens = Array.from({ length: 8 }, () => {
    const child = pick(students);
    return { child, texts: screen(child) };
  });
  const chars = screens.reduce((n, s) => n + s.texts.reduce((m, t) => m + t.text.length, 0), 0) / screens.length;
  console.log(`${STUDENTS} students, ${TEXTS} texts per screen (${Math.round(chars)} characters), ${ROUNDS} screens`);

  const baseline: number[] = [];
  let sink = 0;
  for (let round = -20; round < ROUNDS; round++) {
    const t0 = performance.now();
    for (const { text } of screens[(round + 20) % screens.length]!.texts) {
      sink += text.toLowerCase().split(/[^\p{L}\p{N}]+/u).length;
    }
    if (round >= 0) baseline.push(performance.now() - t0);
  }
  if (sink === 0) throw new Error("the baseline read nothing");
  console.log(`baseline, split a screen's texts into words: ${summary(baseline)}`);

  const only = process.env.BENCH_ONLY;
  // The school's next request, its names unchanged: the server's kept index, with the forms earlier screens made.
  const kept = nameIndex(students);
  const warm = only === "cold" ? undefined : measure(screens, () => kept);
  if (warm) report("a school's next request (its names unchanged since the last one)", warm);
  // The first request after the list changed (here: a student added before every screen): the index starts afresh.
  const cold =
    only === "warm"
      ? undefined
      : measure(screens, (round) =>
          nameIndex([
            ...fresh(students),
            { id: STUDENTS + 100 + round, firstName: "Nuevo", paternalSurname: "Alumno", maternalSurname: `${round}` },
          ]),
        );
  if (cold) report("the first request after the school's students changed", cold);

  for (const [name, f] of [
    ["warm", warm],
    ["cold", cold],
  ] as const) {
    if (!f) continue;
    const p95 = percentile(f.perScreen, 95);
    const ratio = (p95 / percentile(baseline, 95)).toFixed(1);
    const verdict = p95 <= BUDGET_MS ? "PASS" : "FAIL";
    console.log(`${verdict} ${name} screen p95 ${fmt(p95)} (budget ≤ ${BUDGET_MS} ms; ${ratio}× the baseline's p95)`);
  }
  console.log(`texts with a name hidden: ${(warm ?? cold)!.hidden} of ${TEXTS} on the last screen`);
}

runBench(main);
