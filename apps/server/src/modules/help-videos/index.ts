// The help-videos module's public surface: how a screen URL is stored and compared (admin edits the videos).
export { normaliseScreenUrl } from "./screen-url.ts";
