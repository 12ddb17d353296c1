import { Paper, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import type { ReactNode } from "react";

interface EmptyStateProps {
  icon: ReactNode;
  title: string;
  description?: string;
  /** A button or link that helps the user on. */
  action?: ReactNode;
  /** Heading level of the title; the page's h1 is the navigation title in the header. */
  order?: 2 | 3;
}

/** An honest "nothing here" panel: says what is missing and never stands in for data. */
export function EmptyState({ icon, title, description, action, order = 2 }: EmptyStateProps) {
  return (
    <Paper withBorder radius="lg" p={{ base: "lg", sm: "xl" }}>
      <Stack align="center" gap="sm" py={{ base: "md", sm: "xl" }} maw={480} mx="auto">
        <ThemeIcon size={56} radius="xl" variant="light" color="gray" aria-hidden>
          {icon}
        </ThemeIcon>
        <Title order={order} size="h4" ta="center">
          {title}
        </Title>
        {description && (
          <Text c="gray.7" ta="center" size="sm">
            {description}
          </Text>
        )}
        {action}
      </Stack>
    </Paper>
  );
}
