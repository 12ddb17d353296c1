// The scheduled reports feature (issue 31 §3): its screen is lazy-loaded by file from app/screens.ts; nothing else is
// shared.
export {};
