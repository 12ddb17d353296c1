/** Every inclusion query of the school: a change refreshes them all (and the open file, for its tab's count). */
export const inclusionKey = (schoolId: string | null) => ["inclusion", schoolId] as const;
