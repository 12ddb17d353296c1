/**
 * Forms to parents' public surface (issue 29 §1, §2). Its two screens — /forms-parents and the form configurator —
 * are loaded lazily by app/screens.ts; no other feature uses it.
 */
export {};
