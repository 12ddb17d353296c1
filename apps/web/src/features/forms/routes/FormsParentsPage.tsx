import { ROLE_FAMILIAR } from "@convive/domain/core";
import { Badge, Button, Card, Group, Loader, Stack, Table, Text } from "@mantine/core";
import { IconArrowLeft, IconClipboardText, IconSend } from "@tabler/icons-react";
import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { EmptyState } from "../../../components/EmptyState.tsx";
import { QueryState } from "../../../components/QueryState.tsx";
import { useDates } from "../../../lib/dates.ts";
import { useIsPhone } from "../../../lib/use-is-phone.ts";
import { useCurrentUser } from "../../auth/index.ts";
import { useSentForms } from "../api/forms.ts";
import { FamilyFormView } from "../components/FamilyFormView.tsx";

// Staff's views load on demand: a family opening a form on a phone never downloads the charts (about 100 KB) or the
// send dialog (bench:forms-lcp).
const CompletionView = lazy(() =>
  import("../components/CompletionView.tsx").then((m) => ({ default: m.CompletionView })),
);
const SendFormModal = lazy(() => import("../components/SendFormModal.tsx").then((m) => ({ default: m.SendFormModal })));

const FORM_PARAM = "form";

/**
 * /forms-parents ("Formularios a padres", issue 29 §2): a family's forms to answer, or staff's sent forms with their
 * completion. `?form=<id>` opens one (the notification's link, Back).
 */
export default function FormsParentsPage() {
  const { t } = useTranslation("forms");
  const user = useCurrentUser().data;
  const family = user?.roles?.[0]?.name === ROLE_FAMILIAR;
  const canSend = !family && (user?.permissions ?? []).includes("forms-parents.create");
  const [params, setParams] = useSearchParams();
  const selected = Number(params.get(FORM_PARAM)) || null;
  const [sending, setSending] = useState(false);
  const open = (id: number | null) => setParams(id ? { [FORM_PARAM]: String(id) } : {});

  return (
    <Stack gap="md">
      {selected ? (
        <>
          <Group>
            <Button variant="subtle" leftSection={<IconArrowLeft size={16} />} onClick={() => open(null)}>
              {t("back")}
            </Button>
          </Group>
          {family ? (
            <FamilyFormView formId={selected} />
          ) : (
            <Suspense fallback={<Loader aria-label={t("common:loading")} />}>
              <CompletionView formId={selected} />
            </Suspense>
          )}
        </>
      ) : (
        <>
          {canSend && (
            <Group justify="flex-end">
              <Button leftSection={<IconSend size={16} />} onClick={() => setSending(true)}>
                {t("send.open")}
              </Button>
            </Group>
          )}
          <FormsList family={family} onOpen={open} />
        </>
      )}
      {canSend && sending && (
        <Suspense fallback={null}>
          <SendFormModal
            opened={sending}
            onClose={() => setSending(false)}
            onSent={(id) => {
              setSending(false);
              open(id);
            }}
          />
        </Suspense>
      )}
    </Stack>
  );
}

function FormsList({ family, onOpen }: { family: boolean; onOpen: (id: number) => void }) {
  const { t } = useTranslation("forms");
  const dates = useDates();
  const phone = useIsPhone();
  const query = useSentForms();
  const empty = (
    <EmptyState icon={<IconClipboardText size={28} />} title={t(family ? "family.empty" : "staff.empty")} />
  );
  if (!query.data || query.data.length === 0) return <QueryState query={query} empty={empty} />;
  const badge = (status: string) => (
    <Badge variant="filled" color={status === "open" ? "blue.9" : "gray.7"}>
      {t(`status.${status}`)}
    </Badge>
  );
  if (family || phone) {
    return (
      <Stack gap="sm">
        {query.data.map((f) => (
          <Card
            key={f.id}
            withBorder
            radius="lg"
            component="button"
            onClick={() => onOpen(f.id)}
            style={{ textAlign: "left", cursor: "pointer" }}
          >
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <div>
                <Text fw={600}>{f.title}</Text>
                <Text size="sm" c="gray.7">
                  {t("family.due", { date: dates.day(f.due_date) })}
                </Text>
                <Text size="sm">
                  {t(family ? "family.progress" : "staff.answered", { done: f.submitted, total: f.students })}
                </Text>
              </div>
              {badge(f.status)}
            </Group>
          </Card>
        ))}
      </Stack>
    );
  }
  return (
    <Table striped highlightOnHover withTableBorder>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t("staff.form")}</Table.Th>
          <Table.Th>{t("staff.audience")}</Table.Th>
          <Table.Th>{t("staff.due")}</Table.Th>
          <Table.Th>{t("staff.answeredShort")}</Table.Th>
          <Table.Th>{t("staff.status")}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {query.data.map((f) => (
          <Table.Tr key={f.id}>
            <Table.Td>
              <Button variant="subtle" px={0} onClick={() => onOpen(f.id)}>
                {f.title}
              </Button>
            </Table.Td>
            <Table.Td>{f.audience_label}</Table.Td>
            <Table.Td>{dates.day(f.due_date)}</Table.Td>
            <Table.Td>
              {f.submitted} / {f.students}
            </Table.Td>
            <Table.Td>{badge(f.status)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
