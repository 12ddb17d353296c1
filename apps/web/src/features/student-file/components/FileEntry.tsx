import { Anchor, Card, Group, Stack, Text } from "@mantine/core";
import type { ReactNode } from "react";
import { Link } from "react-router";

/** One record in a tab of the file: a title (a link when it has a screen), when and by whom, badges and its text. */
export function FileEntry({
  title,
  to,
  meta,
  badges,
  children,
}: {
  title: string;
  to?: string;
  meta: string;
  badges?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <Card component="li" withBorder radius="md" padding="sm">
      <Stack gap={4}>
        <Group justify="space-between" gap="xs" wrap="wrap" align="flex-start">
          {to ? (
            <Anchor component={Link} to={to} fw={700} size="sm" style={{ overflowWrap: "anywhere" }}>
              {title}
            </Anchor>
          ) : (
            <Text fw={700} size="sm" style={{ overflowWrap: "anywhere" }}>
              {title}
            </Text>
          )}
          {badges && (
            <Group gap={6} wrap="wrap">
              {badges}
            </Group>
          )}
        </Group>
        <Text size="xs" c="gray.7">
          {meta}
        </Text>
        {children}
      </Stack>
    </Card>
  );
}

/** The list a tab draws its entries in. */
export function FileEntries({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack component="ul" gap="sm" m={0} p={0} style={{ listStyle: "none" }} aria-label={label}>
      {children}
    </Stack>
  );
}
