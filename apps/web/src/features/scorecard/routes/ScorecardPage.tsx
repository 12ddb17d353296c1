import { ROLE_FAMILIAR } from "@convive/domain/core";
import { Alert, Stack } from "@mantine/core";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { QueryState } from "../../../components/QueryState.tsx";
import { useCurrentUser } from "../../auth/index.ts";
import { STUDENT_PARAM, useScorecard, useScorecardStudents } from "../api/scorecard.ts";
import { ChildTabs } from "../components/ChildTabs.tsx";
import { ScorecardView } from "../components/ScorecardView.tsx";
import { StudentPicker } from "../components/StudentPicker.tsx";

const readId = (value: string | null) => (value && /^[1-9]\d{0,9}$/.test(value) ? Number(value) : null);

/**
 * /scorecard (issue 13 §4): staff pick any student in their scope (search, group); a family picks among their own
 * children. The address names the student (`?alumno=`) and the year (`?ciclo=`), so a scorecard can be linked.
 */
export default function ScorecardPage() {
  const { t } = useTranslation("scorecard");
  const user = useCurrentUser().data;
  const family = user?.roles?.[0]?.name === ROLE_FAMILIAR;
  const [params, setParams] = useSearchParams();
  const studentId = readId(params.get(STUDENT_PARAM));
  const yearId = readId(params.get("ciclo"));

  const children = useScorecardStudents({ q: "", groupId: null }, Boolean(user) && family);
  const card = useScorecard(studentId, yearId);

  const choose = (id: number) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.set(STUDENT_PARAM, String(id));
      next.delete("ciclo");
      return next;
    });
  const chooseYear = (id: number) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.set("ciclo", String(id));
      return next;
    });

  // A family lands on their first child's scorecard.
  const firstChild = children.data?.[0]?.id;
  useEffect(() => {
    if (!family || studentId !== null || firstChild === undefined) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set(STUDENT_PARAM, String(firstChild));
        return next;
      },
      { replace: true },
    );
  }, [family, studentId, firstChild, setParams]);

  const notFound = card.isError && (card.error as { status?: number }).status === 404;
  if (!user) return null;
  return (
    <Stack gap="lg">
      {family ? (
        <ChildTabs list={children} selected={studentId} onChoose={choose} />
      ) : (
        <StudentPicker selected={studentId} onChoose={choose} />
      )}
      {studentId !== null &&
        (notFound ? (
          <Alert color="orange" variant="light" role="alert" title={t("notFound")} />
        ) : card.data ? (
          <ScorecardView card={card.data} staff={!family} onYear={chooseYear} />
        ) : (
          <QueryState query={card} height={320} />
        ))}
    </Stack>
  );
}
