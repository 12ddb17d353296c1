import { Badge, Grid, Group, Paper, Stack, Text, TextInput, Title, UnstyledButton } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { IconAlertTriangle, IconSearch } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { QueryState } from "../../../components/QueryState.tsx";
import { useNursingDesk, useNursingSearch } from "../api/nursing.ts";
import { NursingFile } from "../components/NursingFile.tsx";
import { ProposalCard, VisitCard } from "../components/NursingLists.tsx";

const PICKED = "nurse";

/**
 * /nursing (issue 29 §4), the nurse's desk: search a student, their record and a one-tap visit; today's visits and
 * the families' pending proposals beside it (below on a phone). `?nurse=<id>` keeps the chosen student (Back).
 */
export default function NursingPage() {
  const { t } = useTranslation("nursing");
  const [params, setParams] = useSearchParams();
  const picked = Number(params.get(PICKED)) || null;
  const pick = (id: number) => setParams({ [PICKED]: String(id) });
  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, md: 7 }}>
        <Stack gap="md">
          <StudentSearch onPick={pick} />
          {picked !== null ? (
            <NursingFile key={picked} studentId={picked} level={2} />
          ) : (
            <Text size="sm" c="gray.7">
              {t("page.pickHint")}
            </Text>
          )}
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 5 }}>
        <Desk onPick={pick} />
      </Grid.Col>
    </Grid>
  );
}

function StudentSearch({ onPick }: { onPick: (id: number) => void }) {
  const { t } = useTranslation("nursing");
  const [text, setText] = useState("");
  const [q] = useDebouncedValue(text.trim(), 250);
  const found = useNursingSearch(q);
  return (
    <Stack gap="xs">
      <TextInput
        label={t("page.search")}
        placeholder={t("page.searchPlaceholder")}
        leftSection={<IconSearch size={16} aria-hidden />}
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
        size="md"
        type="search"
      />
      {q.length >= 2 && found.data && (
        <Stack component="ul" gap={4} m={0} p={0} style={{ listStyle: "none" }} aria-label={t("page.results")}>
          {found.data.length === 0 && (
            <Text size="sm" c="gray.7">
              {t("page.noResults")}
            </Text>
          )}
          {found.data.map((s) => (
            <li key={s.id}>
              <UnstyledButton
                onClick={() => {
                  onPick(s.id);
                  setText("");
                }}
                w="100%"
                p="xs"
                style={{ borderRadius: 8, border: "1px solid var(--mantine-color-gray-3)", minHeight: 44 }}
                data-testid="nursing-student-option"
              >
                <Group justify="space-between" wrap="nowrap">
                  <Stack gap={0}>
                    <Text size="sm" fw={600}>
                      {s.name}
                    </Text>
                    <Text size="xs" c="gray.7">
                      {s.group ?? t("page.noGroup")}
                    </Text>
                  </Stack>
                  {s.has_alert && (
                    <Badge color="red.9" leftSection={<IconAlertTriangle size={12} aria-hidden />}>
                      {t("alert.short")}
                    </Badge>
                  )}
                </Group>
              </UnstyledButton>
            </li>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

function Desk({ onPick }: { onPick: (id: number) => void }) {
  const { t } = useTranslation("nursing");
  const desk = useNursingDesk();
  return (
    <Stack gap="md">
      <Paper withBorder radius="md" p="md" component="section" aria-labelledby="nursing-today">
        <Title order={2} size="h5" id="nursing-today" mb="sm">
          {t("page.today")} {desk.data ? `(${desk.data.visits.length})` : ""}
        </Title>
        {!desk.data ? (
          <QueryState query={desk} height={80} />
        ) : desk.data.visits.length === 0 ? (
          <Text size="sm" c="gray.7">
            {t("page.noVisits")}
          </Text>
        ) : (
          <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: "none" }} data-testid="nursing-today">
            {desk.data.visits.map((v) => (
              <VisitCard key={v.id} visit={v} showStudent onOpen={() => onPick(v.student.id)} />
            ))}
          </Stack>
        )}
      </Paper>
      <Paper withBorder radius="md" p="md" component="section" aria-labelledby="nursing-pending">
        <Title order={2} size="h5" id="nursing-pending" mb="sm">
          {t("page.pending")} {desk.data ? `(${desk.data.proposals.length})` : ""}
        </Title>
        {desk.data?.proposals.length === 0 && (
          <Text size="sm" c="gray.7">
            {t("page.noPending")}
          </Text>
        )}
        <Stack gap="xs">
          {desk.data?.proposals.map((p) => (
            <Stack key={p.id} gap={4}>
              <ProposalCard proposal={p} canDecide showStudent />
              <UnstyledButton onClick={() => onPick(p.student.id)}>
                <Text size="xs" c="institutional.9" td="underline">
                  {t("page.openRecord")}
                </Text>
              </UnstyledButton>
            </Stack>
          ))}
        </Stack>
      </Paper>
    </Stack>
  );
}
