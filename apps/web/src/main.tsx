// The page's first paint is index.html's splash (inline styles, the logo): no stylesheet blocks it. The app, its
// Mantine styles and the sign-in screen follow in src/app/start.tsx — preloaded from index.html by the build
// (scripts/first-load.ts), so nothing waits for this file before it starts downloading.
void import("./app/start.tsx");
