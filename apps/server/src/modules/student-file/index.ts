// The student file's public surface: the module app.ts registers (the sections' shape is lib/student-file-section.ts),
// and who may open a student's file (modules whose records belong to it ask the same).

export { studentFileModule } from "./student-file.routes.ts";
export { openableFile } from "./student-file.service.ts";
