import type { GraphPairs } from "@convive/domain";
import { Box } from "@mantine/core";
import { UndirectedGraph } from "graphology";
import forceAtlas2 from "graphology-layout-forceatlas2";
import { useEffect, useRef } from "react";
import Sigma from "sigma";
import { communityColor, KIND_COLORS } from "../colors.ts";

interface SigmaMapProps {
  data: GraphPairs;
  selected: number | null;
  onSelect: (studentId: number) => void;
  /** Sigma could not start (no WebGL): the screen shows the table and a message instead. */
  onFail: () => void;
  label: string;
  height: number;
}

/**
 * The co-occurrence map on a WebGL canvas (sigma + graphology): students on a circle by community, then spread by
 * ForceAtlas2 so strong pairs sit together; node colour by community, size by shared incidents; edge colour by
 * the pair's roles, width by severity score. A click on a student selects them.
 */
export default function SigmaMap({ data, selected, onSelect, onFail, label, height }: SigmaMapProps) {
  const container = useRef<HTMLDivElement>(null);
  const renderer = useRef<Sigma | null>(null);
  const select = useRef(onSelect);
  select.current = onSelect;
  const fail = useRef(onFail);
  fail.current = onFail;
  const picked = useRef(selected);
  picked.current = selected;

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const graph = new UndirectedGraph();
    const n = data.nodes.length;
    const maxScore = Math.max(1, ...data.edges.map((e) => e.score));
    data.nodes.forEach((node, i) => {
      const angle = (2 * Math.PI * i) / Math.max(1, n);
      graph.addNode(String(node.id), {
        x: Math.cos(angle) * 10,
        y: Math.sin(angle) * 10,
        size: 5 + Math.min(12, Math.sqrt(node.incidents) * 2),
        color: communityColor(node.community),
        label: node.name,
        highlighted: node.id === picked.current,
      });
    });
    for (const edge of data.edges) {
      graph.mergeEdge(String(edge.a), String(edge.b), {
        size: 1 + (5 * edge.score) / maxScore,
        color: KIND_COLORS[edge.kind],
        weight: edge.score,
      });
    }
    if (n > 2 && data.edges.length > 0) {
      forceAtlas2.assign(graph, {
        iterations: n > 500 ? 60 : 150,
        getEdgeWeight: "weight",
        settings: { ...forceAtlas2.inferSettings(graph), edgeWeightInfluence: 1, strongGravityMode: true },
      });
    }
    let sigma: Sigma;
    try {
      sigma = new Sigma(graph, element, {
        renderEdgeLabels: false,
        labelDensity: 0.5,
        labelRenderedSizeThreshold: 8,
        defaultEdgeType: "line",
        allowInvalidContainer: true,
        // Room for the names drawn beside the students at the edges.
        stagePadding: Math.round(Math.min(140, Math.max(40, element.clientWidth * 0.2))),
      });
    } catch (error) {
      console.warn("co-occurrence map unavailable", error);
      fail.current();
      return;
    }
    // A little zoomed out, so the names beside the outermost students stay inside the frame.
    sigma.getCamera().setState({ ratio: 1.3 });
    sigma.on("clickNode", ({ node }) => select.current(Number(node)));
    sigma.on("enterNode", () => {
      element.style.cursor = "pointer";
    });
    sigma.on("leaveNode", () => {
      element.style.cursor = "";
    });
    renderer.current = sigma;
    return () => {
      renderer.current = null;
      sigma.kill();
    };
  }, [data]);

  // The selected student is highlighted (label shown, drawn on top) without rebuilding the map.
  useEffect(() => {
    const sigma = renderer.current;
    if (!sigma) return;
    const graph = sigma.getGraph();
    graph.forEachNode((node) => graph.setNodeAttribute(node, "highlighted", Number(node) === selected));
    sigma.refresh();
  }, [selected]);

  return (
    <Box
      ref={container}
      role="img"
      aria-label={label}
      data-testid="co-occurrence-map"
      h={height}
      style={{ position: "relative", border: "1px solid var(--mantine-color-gray-3)", borderRadius: 8 }}
    />
  );
}
