import { z } from "zod";

// The one module of the package with a side effect: package.json's "sideEffects" names it, else the bundler drops
// it (the web then probed for eval under its CSP again).
// Zod compiles object parsers with `new Function` where it may, after probing for it once. A page under a
// Content-Security-Policy without 'unsafe-eval' (the web app's) refuses the probe and reports a violation on every
// load, so in a browser zod parses without compiling; the server keeps the faster compiled parsers.
if ("document" in globalThis) z.config({ jitless: true });
