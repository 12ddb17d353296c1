import { criticalItems, type StudentNursing } from "@convive/domain";
import { Alert, Badge, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { IconFirstAidKit, IconPencil, IconPill, IconPlus, IconShieldOff } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { QueryState } from "../../../components/QueryState.tsx";
import { useStudentNursing } from "../api/nursing.ts";
import { AlertItems } from "./HealthAlertMarker.tsx";
import { AdministerModal, AuthorizationModal } from "./MedicationModals.tsx";
import { MedicationList, ProposalList, VisitList } from "./NursingLists.tsx";
import { RecordModal } from "./RecordModal.tsx";
import { VisitModal } from "./VisitModal.tsx";

type Dialog = "visit" | "record" | "authorize" | "give" | null;

/**
 * A student's nursing file (issue 29 §4) for the nurse (on /nursing and in the student file's Nursing tab) and for
 * the family (the tab): the critical alert first, the record, visits, medication and proposals. The nurse records
 * a visit in one tap and edits; the family proposes changes and authorises medicines.
 */
export function NursingFile({
  studentId,
  level = 3,
}: {
  studentId: number /** Its sections' heading level. */;
  level?: 2 | 3;
}) {
  const { t } = useTranslation("nursing");
  const query = useStudentNursing(studentId);
  const [dialog, setDialog] = useState<Dialog>(null);
  const file = query.data;
  if (!file) return <QueryState query={query} height={200} />;
  const nurse = file.can_edit;
  const critical = file.record ? criticalItems(file.record) : [];
  const close = () => setDialog(null);
  return (
    <Stack gap="md" data-testid="nursing-file">
      {/* On the desk the student is named here; in the student's file the header names them. */}
      {level === 2 && (
        <Stack gap={0}>
          <Title order={2} size="h3">
            {file.student.name}
          </Title>
          {file.student.group && (
            <Text size="sm" c="gray.7">
              {file.student.group}
            </Text>
          )}
        </Stack>
      )}
      <Group gap="sm" wrap="wrap">
        {nurse && (
          <Button size="md" leftSection={<IconFirstAidKit size={18} aria-hidden />} onClick={() => setDialog("visit")}>
            {t("file.recordVisit")}
          </Button>
        )}
        <Button
          variant="default"
          leftSection={<IconPencil size={16} aria-hidden />}
          onClick={() => setDialog("record")}
        >
          {t(file.family ? "file.propose" : "file.editRecord")}
        </Button>
        <Button
          variant="default"
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={() => setDialog("authorize")}
        >
          {t(file.family ? "file.authorize" : "file.recordAuthorization")}
        </Button>
        {nurse && file.authorizations.some((a) => a.active) && (
          <Button variant="default" leftSection={<IconPill size={16} aria-hidden />} onClick={() => setDialog("give")}>
            {t("file.give")}
          </Button>
        )}
      </Group>
      {!file.consent_granted && (
        <Alert
          color="yellow"
          variant="light"
          icon={<IconShieldOff size={18} aria-hidden />}
          styles={{ title: { color: "var(--mantine-color-gray-9)" } }}
          title={t("consent.title")}
        >
          {t(file.family ? "consent.family" : "consent.staff")}
        </Alert>
      )}
      {critical.length > 0 && (
        <Alert
          color="red"
          variant="light"
          title={t("alert.header")}
          styles={{ title: { color: "var(--mantine-color-red-9)" } }}
        >
          <AlertItems items={critical} />
        </Alert>
      )}
      <RecordSummary file={file} level={level} />
      <VisitList visits={file.visits} family={file.family} level={level} />
      <MedicationList file={file} level={level} />
      <ProposalList file={file} level={level} />
      {dialog === "visit" && <VisitModal studentId={studentId} name={file.student.name} onClose={close} />}
      {dialog === "record" && <RecordModal file={file} onClose={close} />}
      {dialog === "authorize" && <AuthorizationModal file={file} onClose={close} />}
      {dialog === "give" && <AdministerModal file={file} onClose={close} />}
    </Stack>
  );
}

function RecordSummary({ file, level }: { file: StudentNursing; level: 2 | 3 }) {
  const { t, i18n } = useTranslation("nursing");
  const r = file.record;
  const en = i18n.resolvedLanguage === "en";
  if (!r) {
    return (
      <Text size="sm" c="gray.7">
        {t("record.empty")}
      </Text>
    );
  }
  const items = (list: typeof r.allergies) =>
    list.length === 0 ? (
      <Text size="sm" c="gray.7">
        {t("record.none")}
      </Text>
    ) : (
      <Stack gap={4}>
        {list.map((a) => (
          <Group key={a.name} gap={6} wrap="wrap">
            <Text size="sm" fw={600}>
              {a.name}
            </Text>
            <Badge
              size="sm"
              variant="light"
              color={a.severity === "severe" ? "red" : "gray"}
              c={a.severity === "severe" ? "red.9" : "gray.8"}
            >
              {t(`severity.${a.severity}`)}
            </Badge>
            {a.critical && (
              <Badge size="sm" color="red.9">
                {t("record.critical")}
              </Badge>
            )}
            {a.notes && (
              <Text size="sm" c="gray.7">
                {a.notes}
              </Text>
            )}
          </Group>
        ))}
      </Stack>
    );
  const extra = file.fields.filter((f) => (r.extra[String(f.id)] ?? "") !== "");
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="nursing-record">
      <Title order={level} size="h5" id="nursing-record" mb="sm">
        {t("record.title")}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Field label={t("record.bloodType")} value={r.blood_type ?? "—"} />
        <Field
          label={t("record.insurance")}
          value={[r.insurance_provider, r.insurance_policy].filter(Boolean).join(" · ") || "—"}
        />
        <Stack gap={2}>
          <Text size="xs" fw={700} c="gray.7" tt="uppercase">
            {t("record.allergies")}
          </Text>
          {items(r.allergies)}
        </Stack>
        <Stack gap={2}>
          <Text size="xs" fw={700} c="gray.7" tt="uppercase">
            {t("record.conditions")}
          </Text>
          {items(r.conditions)}
        </Stack>
        <Field label={t("record.medication")} value={r.medication || "—"} />
        <Stack gap={2}>
          <Text size="xs" fw={700} c="gray.7" tt="uppercase">
            {t("record.contacts")}
          </Text>
          {r.emergency_contacts.length === 0 ? (
            <Text size="sm">—</Text>
          ) : (
            r.emergency_contacts.map((c) => (
              <Text size="sm" key={`${c.name}-${c.phone}`}>
                {c.name}
                {c.relationship ? ` (${c.relationship})` : ""} ·{" "}
                <a href={`tel:${c.phone.replace(/\s/g, "")}`}>{c.phone}</a>
              </Text>
            ))
          )}
        </Stack>
        {extra.map((f) => {
          const value = r.extra[String(f.id)]!;
          const shown =
            f.kind === "yes_no"
              ? t(value === "yes" ? "yes" : "no")
              : f.kind === "choice" && en
                ? (f.choices.find((c) => c.es === value)?.en ?? value)
                : value;
          return <Field key={f.id} label={en ? f.label_en : f.label} value={shown} />;
        })}
      </SimpleGrid>
    </Paper>
  );
}

function Field({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={2}>
      <Text size="xs" fw={700} c="gray.7" tt="uppercase">
        {label}
      </Text>
      <Text size="sm" style={{ whiteSpace: "pre-wrap" }}>
        {value}
      </Text>
    </Stack>
  );
}
