import { Alert, Grid, Stack } from "@mantine/core";
import { IconAlertCircle } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { SubmitBar } from "./SubmitBar.tsx";

interface Props {
  /** The form's accessible name. */
  label: string;
  onSubmit: () => void;
  /** Above everything (the restored-draft notice). */
  notice?: ReactNode;
  /** What the server refused that no field can show. */
  failure: string | null;
  /** The wide column (who), then the narrow one (what, when). */
  main: ReactNode;
  side: ReactNode;
  submitLabel: string;
  summary: string;
  busy: boolean;
}

/** The frame of both registration forms: two columns from `md` up and the sticky save bar under them. */
export function FormShell({ label, onSubmit, notice, failure, main, side, submitLabel, summary, busy }: Props) {
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
      aria-label={label}
    >
      <Stack gap="md">
        {notice}
        {failure && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />} role="alert">
            {failure}
          </Alert>
        )}
        <Grid gap="md">
          <Grid.Col span={{ base: 12, md: 7 }}>{main}</Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }}>{side}</Grid.Col>
        </Grid>
        <SubmitBar label={submitLabel} summary={summary} busy={busy} />
      </Stack>
    </form>
  );
}
