/**
 * Fixed word lists the demo data is drawn from. Kept as comma- or line-separated strings so the formatter leaves
 * them compact; every list is read through `words`/`rows` once at import.
 */

const words = (text: string): readonly string[] =>
  text
    .split(/[,\n]/)
    .map((w) => w.trim())
    .filter((w) => w.length > 0);

const rows = (text: string): readonly string[][] => words(text.replaceAll(",", "\n")).map((line) => line.split("|"));

export const GIRL_NAMES = words(`
  Sofía, Valentina, Regina, María José, Ximena, Camila, Renata, Valeria, Victoria, Isabella, Natalia, Fernanda,
  Daniela, Mariana, Andrea, Romina, Paula, Emilia, Ana Paula, Frida, Lucía, Alexa, Montserrat, Jimena, Aitana,
  Danna, Itzel, Guadalupe, Abril, Constanza, Elena, Julieta, Luciana, María Fernanda, Samantha, Sara, Zoe, Ivanna
`);

export const BOY_NAMES = words(`
  Santiago, Mateo, Sebastián, Leonardo, Emiliano, Diego, Miguel Ángel, Daniel, Alejandro, Iker, Gael, Tadeo,
  José Luis, Máximo, Emilio, Rodrigo, Nicolás, Ángel, Luis Fernando, Carlos, Jesús, Juan Pablo, Bruno, Andrés,
  Eduardo, Fernando, Joaquín, Patricio, Ricardo, Rafael, Iván, Aarón, Axel, Damián, Hugo, Julián, Pablo, Uriel
`);

export const WOMEN_NAMES = words(`
  Gabriela, Claudia, Verónica, Adriana, Patricia, Alejandra, Leticia, Karla, Rocío, Mónica, Diana, Liliana,
  Lorena, Silvia, Norma, Erika, Brenda, Elizabeth, Araceli, Marisol, Yolanda, Teresa, Beatriz, Cecilia
`);

export const MEN_NAMES = words(`
  Jorge, Francisco, Roberto, Javier, Arturo, Alberto, Raúl, Sergio, Óscar, Enrique, Manuel, Gerardo,
  Fernando, Héctor, Ricardo, Armando, Salvador, Guillermo, Ramón, Víctor, Martín, Rubén, Gustavo, Mauricio
`);

export const ELDER_WOMEN_NAMES = words(
  "Guadalupe, Carmen, Rosa María, Josefina, Margarita, Esperanza, Socorro, Dolores",
);
export const ELDER_MEN_NAMES = words("José, Antonio, Juan Manuel, Ignacio, Rogelio, Alfonso, Jesús, Pedro");

export const SURNAMES = words(`
  Hernández, García, Martínez, López, González, Pérez, Rodríguez, Sánchez, Ramírez, Cruz, Flores, Gómez,
  Morales, Vázquez, Jiménez, Reyes, Díaz, Torres, Gutiérrez, Ruiz, Mendoza, Aguilar, Ortiz, Moreno, Castillo,
  Romero, Álvarez, Méndez, Chávez, Rivera, Juárez, Ramos, Domínguez, Herrera, Medina, Castro, Vargas, Guzmán,
  Velázquez, Muñoz, Rojas, Contreras, Salazar, Luna, Ortega, Santiago, Guerrero, Estrada, Bautista, Cortés,
  Soto, Alvarado, Espinoza, Lara, Ávila, Ríos, Cervantes, Delgado, Ibarra, Navarro, Núñez, Peña, Fuentes, Zúñiga,
  Cabrera, Campos, Carrillo, Valdez, Ochoa, Solís, Montes, Sandoval, Treviño, Garza, Villarreal, De la Cruz
`);

export const STREETS = words(`
  Av. Insurgentes Sur, Calle Morelos, Av. Universidad, Calle Hidalgo, Av. Revolución, Calle Juárez,
  Calle Allende, Calle Aldama, Calle Guerrero, Av. Cuauhtémoc, Calle Zaragoza, Calle Matamoros,
  Calle Niños Héroes, Calle 5 de Mayo, Av. Constitución, Calle Independencia, Calle Madero, Calle Pino Suárez,
  Calle Colima, Calle Durango, Calle Tabasco, Calle Jalapa, Calle Amores, Calle Pitágoras, Calle Fresas
`);

/** Neighbourhood | postal code | alcaldía: homes around a school in the south of Mexico City. */
export const CDMX_PLACES = rows(`
  Del Valle Centro|03100|Benito Juárez, Narvarte Poniente|03020|Benito Juárez, Portales Norte|03300|Benito Juárez,
  Coyoacán Centro|04000|Coyoacán, Santa Úrsula Coapa|04650|Coyoacán, Country Club|04220|Coyoacán,
  Roma Norte|06700|Cuauhtémoc, Condesa|06140|Cuauhtémoc, Florida|01030|Álvaro Obregón, Guadalupe Inn|01020|Álvaro Obregón,
  San Ángel|01000|Álvaro Obregón, Tlalpan Centro|14000|Tlalpan, Villa Coapa|14390|Tlalpan, Iztaccíhuatl|03520|Benito Juárez
`);

/** Neighbourhood | postal code | municipality: the Monterrey metropolitan area. */
export const MONTERREY_PLACES = rows(`
  Centro|64000|Monterrey, Obispado|64060|Monterrey, Mitras Centro|64460|Monterrey, Contry|64860|Monterrey,
  Cumbres 1er Sector|64610|Monterrey, Del Valle|66220|San Pedro Garza García, Fuentes del Valle|66220|San Pedro Garza García,
  Anáhuac|66450|San Nicolás de los Garza, Linda Vista|67130|Guadalupe, Las Puentes|66460|San Nicolás de los Garza
`);

/** First name | paternal surname | maternal surname of the colegio-demo staff (docente1, docente2, …). */
export const COLEGIO_TEACHERS = rows(`
  Ana Sofía|Castillo|Juárez, Roberto|Villaseñor|Pineda, Claudia|Ibarra|Sandoval, Fernando|Zamora|Quintero,
  Patricia|Escobar|Lozano, Miguel|Arellano|Cisneros, Verónica|Pacheco|Montoya, Luis Alberto|Cárdenas|Bravo,
  Elena|Figueroa|Valencia, Javier|Orozco|Tapia, Marisol|Beltrán|Olvera, Raúl|Trejo|Galindo,
  Jennifer|Walsh|Moreno, Óscar|Palacios|Rangel, Daniela|Solano|Muñiz
`);

/** The rest of the colegio-demo staff: key | first name | paternal | maternal | profile template. */
export const COLEGIO_STAFF = rows(`
  coordinador1|Alicia|Serrano|Vega|coordinador, orientador1|Tomás|Aguirre|Lemus|orientador,
  enfermeria1|Rosario|Maldonado|Cano|enfermeria
`);

export const NORTE_TEACHERS = rows("Rogelio|Garza|Cantú, Mayra|Villarreal|Elizondo, Hugo|Treviño|Leal");

export const STUDENT_NOTES: readonly string[] = [
  "Usa lentes; sentarlo en las primeras filas.",
  "Alergia a la penicilina.",
  "Ingresó este ciclo escolar; acompañar su integración al grupo.",
  "Asiste a terapia de lenguaje por las tardes.",
];
