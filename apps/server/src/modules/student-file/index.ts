// The student file's public surface: the module app.ts registers (the sections' shape is lib/student-file-section.ts).
export { studentFileModule } from "./student-file.routes.ts";
