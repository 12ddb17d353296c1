/**
 * The ratings feature's public surface. No other feature uses it: its screens are loaded lazily by app/screens.ts
 * (a screen imported through here would join every importer's chunk). Anything another feature needs from it is
 * exported here, and only here.
 */
export {};
