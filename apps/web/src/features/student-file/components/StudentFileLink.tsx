import { Anchor, type AnchorProps } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useStudentFileHref } from "../link.ts";

/** A student's name that opens their file over the current screen (archive rows, details, registration, roster). */
export function StudentFileLink({
  studentId,
  name,
  children,
  ...props
}: { studentId: number; name: string; children?: ReactNode } & AnchorProps) {
  const { t } = useTranslation(["common", "shell"]);
  const href = useStudentFileHref();
  return (
    <Anchor
      component={Link}
      to={href(studentId)}
      title={t("studentFile.open", { name })}
      onClick={(event) => event.stopPropagation()}
      {...props}
    >
      {children ?? name}
    </Anchor>
  );
}
