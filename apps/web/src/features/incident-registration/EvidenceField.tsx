import { INCIDENT_LIMITS } from "@convive/domain/core";
import { ActionIcon, Button, FileButton, Group, Stack, Text } from "@mantine/core";
import { IconFile, IconPaperclip, IconPhoto, IconX } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { EVIDENCE_ACCEPT, evidenceProblem } from "../../lib/evidence.ts";
import { toast } from "../../lib/toast.ts";
import { fileKey, fileSize } from "./evidence.ts";

/**
 * Evidence chosen before saving: each file checked against the evidence types and the school's size limit at
 * once; the files are uploaded one by one after the incident exists.
 */
export function EvidenceField({
  files,
  onChange,
  maxMb,
}: {
  files: File[];
  onChange: (files: File[]) => void;
  maxMb: number;
}) {
  const { t, i18n } = useTranslation("registration");
  const lang = i18n.resolvedLanguage ?? "es";
  const [refused, setRefused] = useState<string[]>([]);

  const add = (chosen: File[]) => {
    const next = [...files];
    const problems: string[] = [];
    for (const file of chosen) {
      if (next.some((f) => fileKey(f) === fileKey(file))) continue;
      const problem = evidenceProblem(file, maxMb, next.length);
      if (problem) problems.push(t(`evidence.${problem.key}`, { name: file.name, ...problem }));
      else next.push(file);
    }
    setRefused(problems);
    if (problems.length) toast("error", problems[0]!);
    onChange(next);
  };

  return (
    <Stack gap="xs">
      <Text size="sm" c="gray.7">
        {t("evidence.hint", { size: maxMb, max: INCIDENT_LIMITS.maxAttachments })}
      </Text>
      {files.length > 0 && (
        <Stack gap={4} component="ul" m={0} p={0} aria-label={t("evidence.chosen")}>
          {files.map((file, i) => (
            <Group
              key={fileKey(file)}
              component="li"
              wrap="nowrap"
              gap="xs"
              style={{ listStyle: "none" }}
              justify="space-between"
            >
              <Group wrap="nowrap" gap="xs" style={{ minWidth: 0 }}>
                {file.type.startsWith("image/") ? (
                  <IconPhoto size={18} aria-hidden />
                ) : (
                  <IconFile size={18} aria-hidden />
                )}
                <Text size="sm" truncate="end" style={{ minWidth: 0 }}>
                  {file.name}
                </Text>
                <Text size="xs" c="gray.7" style={{ flexShrink: 0 }}>
                  {fileSize(file.size, lang)}
                </Text>
              </Group>
              <ActionIcon
                variant="subtle"
                color="gray.8"
                size={36}
                onClick={() => onChange(files.filter((_, j) => j !== i))}
                aria-label={t("evidence.remove", { name: file.name })}
              >
                <IconX size={18} aria-hidden />
              </ActionIcon>
            </Group>
          ))}
        </Stack>
      )}
      {refused.map((message) => (
        <Text key={message} size="sm" c="red.8" role="alert">
          {message}
        </Text>
      ))}
      <FileButton onChange={add} accept={EVIDENCE_ACCEPT} multiple>
        {(props) => (
          <Button
            {...props}
            variant="default"
            leftSection={<IconPaperclip size={18} aria-hidden />}
            disabled={files.length >= INCIDENT_LIMITS.maxAttachments}
            size="md"
            style={{ alignSelf: "flex-start" }}
          >
            {t("evidence.add")}
          </Button>
        )}
      </FileButton>
    </Stack>
  );
}
