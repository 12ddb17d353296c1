import { ActionIcon, Group, Tooltip } from "@mantine/core";
import { IconMailForward, IconX } from "@tabler/icons-react";
import { useState } from "react";
import { toast } from "../../../lib/toast.ts";

interface Action {
  label: string;
  /** Names the invitation for screen readers. */
  ariaLabel: string;
}

/**
 * Resend (a new 7-day link, toasting `resent` or the server's reason) and cancel (which asks first) of an open
 * invitation, as the school's and the student's family invitations both show them.
 */
export function InvitationActions({
  resend,
  cancel,
  justify,
}: {
  /** Absent when the user may not resend. */
  resend?: Action & { run: () => Promise<unknown>; resent: string };
  cancel?: Action & { onClick: () => void };
  justify?: "flex-end";
}) {
  // `run` is a save's bare call (useSave): this row shows its own busy state and toasts.
  const [sending, setSending] = useState(false);
  const send = () => {
    if (!resend || sending) return;
    setSending(true);
    resend
      .run()
      .then(
        () => toast("success", resend.resent),
        (error: Error) => toast("error", error.message),
      )
      .finally(() => setSending(false));
  };
  return (
    <Group gap={4} wrap="nowrap" justify={justify}>
      {resend && (
        <Tooltip label={resend.label} withArrow>
          <ActionIcon
            variant="subtle"
            color="gray.8"
            size="lg"
            loading={sending}
            onClick={send}
            aria-label={resend.ariaLabel}
          >
            <IconMailForward size={16} aria-hidden />
          </ActionIcon>
        </Tooltip>
      )}
      {cancel && (
        <Tooltip label={cancel.label} withArrow>
          <ActionIcon variant="subtle" color="red.9" size="lg" onClick={cancel.onClick} aria-label={cancel.ariaLabel}>
            <IconX size={16} aria-hidden />
          </ActionIcon>
        </Tooltip>
      )}
    </Group>
  );
}
