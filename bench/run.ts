/**
 * Runs a benchmark's main: exit 0 when the run itself worked, whatever the figures say (they are for the issue
 * note, not a verdict); exit 1 with the error when it did not.
 */
export function runBench(main: () => Promise<void>) {
  main().then(
    () => process.exit(),
    (error: unknown) => {
      console.error("\nBENCH RUN FAILED:", error);
      process.exit(1);
    },
  );
}
