import { ActionIcon, Tooltip } from "@mantine/core";
import { IconStethoscope } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useStudentReferrals } from "./api.ts";
import { NewReferralModal } from "./NewReferralModal.tsx";

/** "Refer to external support" beside a student of an incident (issue 28 §1): the referral keeps the incident. */
export function ReferButton({ studentId, name, incidentId }: { studentId: number; name: string; incidentId: number }) {
  const { t } = useTranslation("externalSupport");
  const [open, setOpen] = useState(false);
  const label = t("refer.label", { name });
  return (
    <>
      <Tooltip label={t("refer.tooltip")} withArrow>
        <ActionIcon variant="subtle" color="grape" size="sm" aria-label={label} onClick={() => setOpen(true)}>
          <IconStethoscope size={16} aria-hidden />
        </ActionIcon>
      </Tooltip>
      {open && <ReferDialog studentId={studentId} name={name} incidentId={incidentId} onClose={() => setOpen(false)} />}
    </>
  );
}

function ReferDialog(props: { studentId: number; name: string; incidentId: number; onClose: () => void }) {
  // The family's consent decides whether the form may save; the student's referrals answer carries it.
  const referrals = useStudentReferrals(props.studentId);
  if (!referrals.data) return null;
  return (
    <NewReferralModal
      studentId={props.studentId}
      studentName={props.name}
      consentGranted={referrals.data.consent_granted}
      incidentId={props.incidentId}
      onClose={props.onClose}
    />
  );
}
