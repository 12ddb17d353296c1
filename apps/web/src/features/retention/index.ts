// The retention feature (issue 30 §5): its screen is lazy-loaded by file from app/screens.ts; nothing else is shared.
export {};
