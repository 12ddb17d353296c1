import { Group, Paper, Stack, Title } from "@mantine/core";
import type { ReactNode } from "react";

/** A card of the details view with its heading (h3: the page's h1 is the navigation title, the folio is h2). */
export function Section({
  title,
  icon,
  action,
  children,
  id,
}: {
  title: string;
  icon?: ReactNode;
  action?: ReactNode;
  children: ReactNode;
  id?: string;
}) {
  const headingId = id ? `${id}-title` : undefined;
  return (
    <Paper withBorder radius="lg" p={{ base: "md", sm: "lg" }} component="section" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Group justify="space-between" gap="sm" wrap="nowrap">
          <Group gap={8} wrap="nowrap" miw={0}>
            {icon}
            <Title order={3} size="h5" id={headingId}>
              {title}
            </Title>
          </Group>
          {action}
        </Group>
        {children}
      </Stack>
    </Paper>
  );
}
