/** Rules and constants without the zod schemas: what the web needs before sign-in, kept small. */
export * from "./bilingual-lists.ts";
export * from "./constants.ts";
export * from "./contrast.ts";
export * from "./dates.ts";
export * from "./errors.ts";
export * from "./guard.ts";
export * from "./help-videos.ts";
export * from "./incidents.ts";
export * from "./landing.ts";
export * from "./locale.ts";
export * from "./mexican-ids.ts";
export * from "./permissions.ts";
export * from "./profile-templates.ts";
export * from "./routes.ts";
export * from "./school-time.ts";
export * from "./sign-in.ts";
