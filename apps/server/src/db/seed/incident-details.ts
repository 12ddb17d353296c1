/**
 * What generated incidents say happened, per type of the starter catalogue (modules/incident-config), so a demo
 * incident's detail matches its type; a school's own types get the general texts.
 */
export const DETAILS_BY_TYPE: Readonly<Record<string, readonly string[]>> = {
  "Interrupción de la clase": [
    "Interrumpió la clase de forma reiterada con ruidos y comentarios.",
    "Se levantó varias veces de su lugar y distrajo a sus compañeros durante la explicación.",
  ],
  "Incumplimiento del uniforme": [
    "Se presentó sin el uniforme completo por tercera vez en la semana.",
    "Llegó con sudadera distinta a la del uniforme y se negó a quitársela.",
  ],
  "Uso del celular sin autorización": [
    "Usó el teléfono celular durante la clase después de que se le pidió guardarlo.",
    "Estuvo jugando en el celular durante la actividad en equipo.",
  ],
  "Falta de respeto al personal escolar": [
    "Respondió con groserías al docente cuando se le llamó la atención.",
    "Ignoró las indicaciones de la prefecta y le habló de forma irrespetuosa.",
  ],
  "Burlas o apodos ofensivos": [
    "Se burló del acento de un compañero de nuevo ingreso.",
    "Llamó por un apodo ofensivo a una compañera frente al grupo.",
  ],
  "Agresión verbal entre estudiantes": [
    "Utilizó palabras ofensivas hacia una compañera en clase.",
    "Insultó a un compañero durante el partido en las canchas.",
  ],
  "Agresión física": [
    "Durante el recreo empujó a un compañero en la fila de la cooperativa.",
    "Participó en una discusión que terminó en empujones a la salida.",
  ],
  "Acoso escolar (hostigamiento reiterado)": [
    "Compartió en un grupo de mensajería una foto de un compañero sin su permiso.",
    "Escondió por tercera semana el material de la misma compañera y la excluyó del equipo.",
  ],
  "Incumplimiento de tareas": [
    "No entregó la tarea por tercera vez consecutiva y se negó a trabajar.",
    "No presentó el proyecto del bimestre en la fecha acordada.",
  ],
  "Copiar en un examen o plagio": [
    "Usó el teléfono celular para copiar durante el examen.",
    "Entregó como propio un trabajo copiado de internet.",
  ],
  "Salir del salón o del plantel sin autorización": [
    "Se retiró del salón sin permiso del docente.",
    "Salió del plantel a la hora del recreo sin autorización.",
  ],
  "Daño a las instalaciones o a bienes ajenos": [
    "Rayó la banca y la pared del salón con marcador permanente.",
    "Rompió el candado del casillero de un compañero.",
  ],
  "Introducir objetos peligrosos o sustancias prohibidas": [
    "Trajo un encendedor a la escuela y lo mostró en el salón.",
    "Se le encontró un cúter en la mochila sin motivo escolar.",
  ],
};

/** For types outside the starter catalogue. */
export const GENERAL_DETAILS: readonly string[] = [
  "Se registró una falta al reglamento escolar durante la jornada.",
  "Tuvo una conducta contraria a los acuerdos de convivencia del grupo.",
];
