import type { PairKind } from "@convive/domain";

/**
 * Colours of the map and its legend. Pairs by role: involved with affected (the bullying signal) red, both involved
 * orange, other grey. Communities take the palette in turn (dark enough for white labels and 3:1 on white).
 */
export const KIND_COLORS: Record<PairKind, string> = {
  "involved-affected": "#c92a2a",
  "involved-involved": "#d9480f",
  other: "#868e96",
};

const COMMUNITY_COLORS = [
  "#1c7ed6",
  "#2f9e44",
  "#9c36b5",
  "#e8590c",
  "#0c8599",
  "#c2255c",
  "#5f3dc4",
  "#5c940d",
  "#1864ab",
  "#862e9c",
];
export const communityColor = (community: number) => COMMUNITY_COLORS[community % COMMUNITY_COLORS.length]!;

/** Stack colours of the time series, by classification (its usual badge colours) or in turn. */
export const CLASSIFICATION_COLORS: Record<string, string> = {
  minor: "yellow.6",
  serious: "orange.7",
  "very-serious": "red.8",
};
const STACK_COLORS = ["blue.6", "teal.6", "grape.6", "orange.6", "cyan.7", "pink.6", "indigo.6", "lime.7", "red.6"];
export const stackColor = (i: number) => STACK_COLORS[i % STACK_COLORS.length]!;
