import { Paper, Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";

/** One card of the account screen; its title is an h2 under the layout's h1. */
export function Section({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children: ReactNode;
}) {
  return (
    <Paper component="section" withBorder radius="lg" p={{ base: "md", sm: "lg" }} aria-label={title}>
      <Stack gap="md">
        <div>
          <Title order={2} size="h4">
            {title}
          </Title>
          {description && (
            <Text size="sm" c="dimmed" mt={2}>
              {description}
            </Text>
          )}
        </div>
        {children}
      </Stack>
    </Paper>
  );
}
