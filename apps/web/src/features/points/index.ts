/** The points feature's public surface: a group's balances with the award dialog (the ratings screen shows it). */

export { pointsKey, useGiveAward, useGroupPoints, useStudentPoints } from "./api/points.ts";
export { default as GroupPointsPanel } from "./components/GroupPointsPanel.tsx";
