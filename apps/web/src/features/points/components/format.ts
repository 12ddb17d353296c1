/** Points with their sign, as the ledger and the balances show them ("+5", "−3", "0"); a true minus sign. */
export const signed = (n: number) => (n > 0 ? `+${n}` : n < 0 ? `−${Math.abs(n)}` : "0");

/** Green for what adds, red for what takes away, grey for nothing; dark shades keep AA contrast on light badges. */
export const pointsColour = (n: number) =>
  n > 0 ? { color: "teal", c: "#05603f" } : n < 0 ? { color: "red", c: "#a4161a" } : { color: "gray", c: "gray.8" };
