import { Group, Text } from "@mantine/core";
import type { ReactNode } from "react";

interface Props {
  /** The search field and any filters, on the left. */
  children: ReactNode;
  /** "12 schools, 10 active", beside the action. */
  summary: ReactNode;
  /** The create button. */
  action: ReactNode;
  /** Below this breakpoint the filters and the summary each take a whole line. */
  wrapAt: "xs" | "sm";
}

/** The line above an admin list: filters on the left, the count and the create button on the right. */
export function ListToolbar({ children, summary, action, wrapAt }: Props) {
  return (
    <Group justify="space-between" align="flex-end" gap="sm">
      {children}
      <Group gap="md" justify="space-between" w={{ base: "100%", [wrapAt]: "auto" }}>
        <Text size="sm" c="dimmed" aria-live="polite">
          {summary}
        </Text>
        {action}
      </Group>
    </Group>
  );
}
