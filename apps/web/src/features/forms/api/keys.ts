/** Every forms query of the school: a change refreshes them all. */
export const formsKey = (schoolId: string | null) => ["forms", schoolId] as const;
