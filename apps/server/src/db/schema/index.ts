export * from "./access.ts";
export * from "./imports.ts";
export * from "./incidents.ts";
export * from "./notifications.ts";
export * from "./schools.ts";
export * from "./structure.ts";
export * from "./students.ts";
export * from "./users.ts";
