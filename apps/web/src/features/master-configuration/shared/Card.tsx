import { Group, Paper, Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";

/** One card of a master-configuration screen; its title is an h2 under the layout's h1. */
export function Card({
  title,
  description,
  actions,
  children,
}: {
  title: string;
  description?: ReactNode;
  /** Buttons beside the title (they wrap under it on a phone). */
  actions?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <Paper component="section" withBorder radius="lg" p={{ base: "md", sm: "lg" }} aria-label={title}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="sm">
          <div style={{ minWidth: 0, flex: "1 1 220px" }}>
            <Title order={2} size="h4">
              {title}
            </Title>
            {description && (
              <Text size="sm" c="dimmed" mt={2}>
                {description}
              </Text>
            )}
          </div>
          {actions && (
            <Group gap="xs" wrap="wrap">
              {actions}
            </Group>
          )}
        </Group>
        {children}
      </Stack>
    </Paper>
  );
}
