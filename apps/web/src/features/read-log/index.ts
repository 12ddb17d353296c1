/** The read log feature's public surface: its student-file tab is registered by app/student-file-tabs.ts. */
export { useReadLog } from "./api/read-log.ts";
