import { UndirectedGraph } from "graphology";
import louvain from "graphology-communities-louvain";

/**
 * Louvain communities of the co-occurrence map, on the server so every reader (and the table) sees the same
 * grouping: edges weighted by their severity score, a seeded random source so the same data gives the same
 * communities, numbered 0, 1, … from the largest (ties: the smallest student id first).
 */
export function communitiesOf(nodeIds: readonly number[], edges: readonly { a: number; b: number; score: number }[]) {
  const graph = new UndirectedGraph();
  for (const id of nodeIds) graph.addNode(String(id));
  for (const e of edges) graph.mergeEdge(String(e.a), String(e.b), { weight: e.score });
  const found = graph.size > 0 ? louvain(graph, { getEdgeWeight: "weight", rng: seeded(14) }) : {};
  const members = new Map<number, number[]>();
  for (const id of nodeIds) {
    const c = found[String(id)] ?? -1 - id;
    members.set(c, [...(members.get(c) ?? []), id]);
  }
  const order = [...members.values()].sort((x, y) => y.length - x.length || Math.min(...x) - Math.min(...y));
  const community = new Map<number, number>();
  order.forEach((ids, i) => {
    for (const id of ids) community.set(id, i);
  });
  return { community, count: order.length };
}

/** mulberry32: a small, repeatable random source. */
function seeded(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
