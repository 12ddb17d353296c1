/**
 * Data for the redaction of students' names (redaction.ts), folded as the matcher folds text: lower case, no
 * accents, ñ as n.
 */

/** A set of the words of a text (a pure call, so a bundle that never uses the lists leaves them out). */
const wordSet = (words: string) => new Set(words.trim().split(/\s+/));

/** Joining words of compound names ("María de los Ángeles", "de la Cruz"): never a name on their own. */
export const PARTICLES = /* @__PURE__ */ wordSet("de del la las los y e da das do dos di van von der den le st");

/** Spanish given names that are also words. */
const SPANISH_GIVEN = `
rosa paz luz blanca flor mar sol cielo alba aurora estrella gloria victoria esperanza fe caridad consuelo
amparo soledad dolores pilar rocio angeles angel cruz rosario mercedes reyes pastor salvador domingo jesus
concepcion asuncion natividad milagros remedios socorro trinidad luna paloma perla violeta azul jade ambar
iris margarita jazmin azucena dalia camelia hortensia celeste clemente modesto feliz alegria lucero rey leon
leal franco justo bueno bella linda dulce serena clara gracia santos nieves oliva alma libertad abril julio
coral marina esmeralda rubi cristal delfin severo benigno placido amado primo maximo candido augusto leo
mia ella dante lia cesar tomas brisa canela miel amor cruzado armonia constancia fidel sereno said don
`;
/** Spanish surnames that are also words. */
const SPANISH_SURNAMES = `
flores rios rio torres torre campos campo montes monte vega prado valle sierra rivera costa mesa puerta
puertas castillo iglesias iglesia palacios palacio fuentes fuente cuevas cueva lago arroyo pena penas pinto
rico blanco moreno rubio calvo delgado bravo cano crespo cordero lobo gallo toro pardo guerra ramos nieto
herrero mora moral morales miranda rosales robles roble olmos olmo pino pinos romero salas sala parra vela
barco barrios rojas rojo verde negro prieto cortes mata reina conde duque marques abad valiente fuerte
arena arenas piedra piedras cerda barba escobar garza lozano gallardo ventura fortuna vera guerrero vaca
caro villa villas padilla tapia fierro acosta barrera correa segura pozo espinosa espino rosas romo marin
casas casa valencia granados lomas loma cerro puente portillo corona palma ceja encinas cabello montero
mares calle camino caminos plaza huerta paredes pared escalera alegre grande chico caballero solar nava
`;
/** English names that are also words. */
const ENGLISH = `
will mark rose june may april august grace hope faith joy bill pat summer dawn amber rich frank ivy lily
daisy holly ruby sky river hunter brown white black green young king hill wood baker miller cook fisher
walker long little bell price love star rain storm snow winter nick drew sue dean lance miles reed rod
cliff crystal heather honey melody pearl ginger olive violet jasmine sage willow autumn brook fox gray grey
jay lane mason major mercy page ray chase penny robin art sandy sunny rusty guy earl bishop carpenter banks
rivers fields waters woods house moon stone rock ward wade wolf hart heath patience prudence destiny
harmony trinity liberty haven hazel sterling royal duke cash christian
`;

/**
 * Names that are also ordinary words in Spanish or English. Alone, such a name is taken for a name only when it
 * is written with a capital ("Rosa empujó…", "…de Paz"), never in lower case ("camisa rosa", "en paz"); a name
 * made only of such words ("Luz Blanca") likewise. Not exhaustive: a lower-case word missing here that happens
 * to be a student's name is replaced too (the safe side), and the teacher sees it in the preview.
 */
export const COMMON_WORDS = /* @__PURE__ */ wordSet(`${SPANISH_GIVEN} ${SPANISH_SURNAMES} ${ENGLISH}`);

/**
 * Letters that look like a Latin letter in the fonts families read with, by the Latin letter (capitals and small
 * letters each as they look: Greek "Η" is an H, its small "η" an n). A small table on purpose — the Unicode
 * confusables list has thousands of entries, nearly all symbols or scripts no name here is written in, and no npm
 * package of it is both small and kept up; these are the letters a Spanish or English name can be faked with.
 */
export const LOOK_ALIKES: Record<string, string> = {
  a: "АаΑαɑ",
  b: "ВвΒЬ",
  c: "СсϹϲ",
  d: "Ԁԁ",
  e: "ЕеΕε",
  g: "ɡ",
  h: "НһҺΗհ",
  i: "ІіΙιıɩӀ",
  j: "ЈјϳЈ",
  k: "КкΚκ",
  l: "ӏ",
  m: "МмΜ",
  n: "ΝηՈո",
  o: "ОоΟοօՕ",
  p: "РрΡρ",
  q: "Ԛԛ",
  s: "ЅѕՏ",
  t: "ТтΤτ",
  u: "υսՍ",
  v: "νѵ",
  w: "Ԝԝ",
  x: "ХхΧχ",
  y: "УуΥүҮ",
  z: "Ζ",
};
