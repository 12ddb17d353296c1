import { Button, Menu } from "@mantine/core";
import { IconChevronDown, IconHeartHandshake } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useCurrentUser } from "../../auth/index.ts";
import { NewReferralModal } from "./NewReferralModal.tsx";
import { ReferralDetailsModal } from "./ReferralDetailsModal.tsx";

type Named = { id: number; name: string };

/**
 * "Canalizar a apoyo externo" on an incident's details (issue 28 §1), for those who may open referrals: the new
 * referral keeps the incident. With several students a menu names them; a family never sees it.
 */
export function ReferFromIncident({
  incidentId,
  students,
}: {
  incidentId: number;
  students: readonly { id: number | null; name: string | null }[];
}) {
  const { t } = useTranslation("externalSupport");
  const permissions = useCurrentUser().data?.permissions ?? [];
  const [student, setStudent] = useState<Named | null>(null);
  const [created, setCreated] = useState<number | null>(null);
  const named = students.flatMap((s) => (s.id !== null && s.name ? [{ id: s.id, name: s.name }] : []));
  if (!permissions.includes("external-support.create") || named.length === 0) return null;

  const label = t("refer.button");
  const icon = <IconHeartHandshake size={18} aria-hidden />;
  return (
    <>
      {named.length === 1 ? (
        <Button variant="light" leftSection={icon} onClick={() => setStudent(named[0]!)} fullWidth>
          {label}
        </Button>
      ) : (
        <Menu position="bottom-start" withinPortal>
          <Menu.Target>
            <Button
              variant="light"
              leftSection={icon}
              rightSection={<IconChevronDown size={16} aria-hidden />}
              fullWidth
            >
              {label}
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Label>{t("refer.which")}</Menu.Label>
            {named.map((s) => (
              <Menu.Item key={s.id} onClick={() => setStudent(s)}>
                {s.name}
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
      )}
      {student && (
        <NewReferralModal
          student={student}
          incidentId={incidentId}
          onClose={() => setStudent(null)}
          onCreated={(id) => setCreated(id)}
        />
      )}
      {/* The referral just opened, to check it or add its first entry (the address stays the incident's). */}
      <ReferralDetailsModal id={created} onClose={() => setCreated(null)} linkStudent />
    </>
  );
}
