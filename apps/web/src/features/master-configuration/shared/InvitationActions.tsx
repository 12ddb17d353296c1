import { ActionIcon, Group, Tooltip } from "@mantine/core";
import { IconMailForward, IconX } from "@tabler/icons-react";
import { useMutation } from "@tanstack/react-query";
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
  const sending = useMutation({
    mutationFn: () => resend?.run() ?? Promise.resolve(),
    onSuccess: () => toast("success", resend?.resent ?? ""),
    onError: (error) => toast("error", error.message),
  });
  return (
    <Group gap={4} wrap="nowrap" justify={justify}>
      {resend && (
        <Tooltip label={resend.label} withArrow>
          <ActionIcon
            variant="subtle"
            color="gray.8"
            size="lg"
            loading={sending.isPending}
            onClick={() => sending.mutate()}
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
