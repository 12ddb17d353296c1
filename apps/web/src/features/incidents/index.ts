/** The incidents feature's public surface: the archive query and the archive's filters (the graph reads both). */
export { incidentsKey, useArchive, useArchiveFilters } from "./api/archive.ts";
