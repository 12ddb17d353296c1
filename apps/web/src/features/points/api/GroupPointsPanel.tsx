// Placeholder until the points feature lands (issue 13 §3): the ratings screen's "Puntos" tab renders this panel.
export interface GroupPointsPanelProps {
  groupId: number;
  /** The period the ratings screen shows; null: the whole school year. */
  periodId: number | null;
}

export default function GroupPointsPanel(_props: GroupPointsPanelProps) {
  return null;
}
