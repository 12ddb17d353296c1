import type { Tx } from "../db/client.ts";

/**
 * Which of these students carry the adjustment marker (issue 28 §3: active reasonable adjustments), in one statement
 * for a whole list. The inclusion module provides it through the module context (`adjustmentMarkers`); the lists
 * that show the marker — registration, ratings grid, an incident's students — take it from there, since inclusion
 * itself reads those modules' rules and an import the other way would be a cycle.
 */
export type AdjustmentMarkers = (tx: Tx, schoolId: string, studentIds: readonly number[]) => Promise<Set<number>>;

/**
 * Which of these students carry the health alert (issue 29 §4: a critical allergy or condition in the medical
 * record), the same shape; the nursing module provides it through the context (`healthAlertMarkers`).
 */
export type HealthAlertMarkers = AdjustmentMarkers;

/** Where no inclusion module is wired (a test app of one module): nobody is marked. */
export const noMarkers: AdjustmentMarkers = async () => new Set();
