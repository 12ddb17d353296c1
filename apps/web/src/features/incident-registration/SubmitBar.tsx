import { Button, Group, Paper, Text } from "@mantine/core";
import { IconDeviceFloppy } from "@tabler/icons-react";
import classes from "./Registration.module.css";

/** The big primary button, sticky at the bottom, with a one-line summary of what will be saved. */
export function SubmitBar({ label, summary, busy }: { label: string; summary: string; busy: boolean }) {
  return (
    <div className={classes.submitBar}>
      <Paper withBorder shadow="md" radius="lg" p="xs">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Text size="sm" c="gray.8" style={{ flex: "1 1 160px", minWidth: 0 }} lineClamp={2} px={4}>
            {summary}
          </Text>
          <Button
            type="submit"
            size="md"
            loading={busy}
            leftSection={<IconDeviceFloppy size={20} aria-hidden />}
            className={classes.submitButton}
            style={{ flex: "1 1 200px" }}
          >
            {label}
          </Button>
        </Group>
      </Paper>
    </div>
  );
}
