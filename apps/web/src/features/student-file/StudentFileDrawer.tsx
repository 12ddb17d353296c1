import "../../app/student-file-tabs.ts";
import { Badge, Drawer, Group, Tabs, Text } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import { QueryState } from "../../components/QueryState.tsx";
import { useIsPhone } from "../../lib/use-is-phone.ts";
import { useStudentFile } from "./api/queries.ts";
import { FileHeader } from "./FileHeader.tsx";
import { FILE_TAB_PARAM } from "./link.ts";
import { studentFileTab, studentFileTabNamespaces } from "./tabs.ts";

/**
 * The student's file (issue 12 §1), over whatever screen opened it: the student, then one tab per section the
 * server reports for this reader, each drawn by the module that registered it.
 */
export default function StudentFileDrawer({ studentId, onClose }: { studentId: number; onClose: () => void }) {
  const { t } = useTranslation(["studentFile", "common", ...studentFileTabNamespaces()]);
  const isPhone = useIsPhone();
  const file = useStudentFile(studentId);
  // The server leaves the contacts out for a family reading their own child's file.
  const family = file.data?.contacts === null;
  const tabs = (file.data?.sections ?? []).flatMap((s) => {
    const tab = studentFileTab(s.key);
    return tab ? [{ ...tab, count: s.count }] : [];
  });
  // A link may name the tab to open on (`fileTab`: the monitored students' list opens the Inclusion tab; a link
  // inside the file turns it to another tab, e.g. the inclusion dialog's "Consent tab").
  const asked = new URLSearchParams(useLocation().search).get(FILE_TAB_PARAM);
  const linked = tabs.some((tab) => tab.key === asked) ? asked : null;
  // The tab chosen for this student under this link; another student or a newer link starts again from the link.
  const [picked, setPicked] = useState<{ studentId: number; asked: string | null; key: string } | null>(null);
  const own = picked?.studentId === studentId && picked.asked === asked ? picked.key : null;
  const current = own ?? linked ?? tabs[0]?.key ?? null;

  return (
    <Drawer
      opened
      onClose={onClose}
      position="right"
      size={isPhone ? "100%" : 760}
      title={
        <Text component="span" fw={700} size="lg">
          {t("title")}
        </Text>
      }
      closeButtonProps={{ "aria-label": t("close") }}
      padding={isPhone ? "md" : "lg"}
    >
      {file.data ? (
        <>
          <FileHeader file={file.data} />
          {/* Every tab in sight and in reach (issue 26 §6): on a phone the tabs wrap as pills instead of running
              off the drawer's edge; arrows move between them either way. */}
          <Tabs
            value={current}
            onChange={(key) => key && setPicked({ studentId, asked, key })}
            mt="lg"
            keepMounted={false}
            variant={isPhone ? "pills" : "default"}
          >
            <Tabs.List style={{ flexWrap: "wrap", rowGap: isPhone ? 6 : undefined }}>
              {tabs.map((tab) => (
                <Tabs.Tab key={tab.key} value={tab.key} style={{ flexShrink: 0 }} px={isPhone ? "sm" : undefined}>
                  <Group gap={6} wrap="nowrap">
                    {t(`${tab.ns}:${tab.labelKey}`)}
                    <Badge size="sm" variant="light" color="gray" c="gray.8" circle={!tab.badge && tab.count < 10}>
                      {tab.badge ? tab.badge(tab.count) : tab.count}
                    </Badge>
                  </Group>
                </Tabs.Tab>
              ))}
            </Tabs.List>
            {tabs.map((tab) => (
              <Tabs.Panel key={tab.key} value={tab.key} pt="md">
                <tab.Panel studentId={studentId} family={family} />
              </Tabs.Panel>
            ))}
          </Tabs>
        </>
      ) : (
        <QueryState query={file} height={240} />
      )}
    </Drawer>
  );
}
