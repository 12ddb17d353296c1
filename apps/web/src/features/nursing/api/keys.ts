/** Every nursing query of the school: a change refreshes them all (and the open file, for its tab's count). */
export const nursingKey = (schoolId: string | null) => ["nursing", schoolId] as const;
