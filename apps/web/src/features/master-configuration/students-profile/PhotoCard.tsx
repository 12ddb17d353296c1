import type { Student } from "@convive/domain";
import { Avatar, Button, FileButton, Group, Stack, Text } from "@mantine/core";
import { IconPhotoUp, IconTrash } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useMaxFileSizeMb } from "../../../lib/school-information.ts";
import { toast } from "../../../lib/toast.ts";
import { IMAGE_TYPES, MB } from "../shared/upload.ts";
import { useRemovePhoto, useUploadPhoto } from "./api.ts";

export const studentInitials = (s: { first_name: string; paternal_surname: string }) =>
  `${s.first_name[0] ?? ""}${s.paternal_surname[0] ?? ""}`.toUpperCase();

/** Checks a picture before it is sent: JPEG, PNG or WebP within the school's max_file_size_in_mb (spec §5). */
export function usePhotoCheck() {
  const { t } = useTranslation("masterStudents");
  const maxMb = useMaxFileSizeMb();
  return {
    maxMb,
    problem: (file: File): string | null => {
      if (file.type && !(IMAGE_TYPES as readonly string[]).includes(file.type)) return t("photo.wrongType");
      if (file.size > maxMb * MB) return t("photo.tooLarge", { size: maxMb });
      return null;
    },
  };
}

/** The student's photo: replaced one at a time (checked here first, again by the server) or removed. */
export function PhotoCard({
  student,
  editable,
  onChange,
}: {
  student: Student;
  editable: boolean;
  onChange: (student: Student) => void;
}) {
  const { t } = useTranslation("masterStudents");
  const check = usePhotoCheck();
  const [problem, setProblem] = useState<string | null>(null);
  const sending = useUploadPhoto(student.id);
  const removing = useRemovePhoto(student.id, {
    success: t("common:messages.removed"),
    failure: t("common:messages.deleteFailed"),
  });
  const busy = sending.busy ? "upload" : removing.busy ? "remove" : null;
  const error = problem ?? sending.failure ?? removing.failure;
  const clear = () => {
    setProblem(null);
    sending.clearFailure();
    removing.clearFailure();
  };

  const upload = async (file: File | null) => {
    clear();
    if (!file) return;
    const refused = check.problem(file);
    if (refused) {
      setProblem(refused);
      toast("error", refused);
      return;
    }
    await sending.submit(file, onChange);
  };

  const remove = async () => {
    clear();
    await removing.submit(undefined, onChange);
  };

  return (
    <Group gap="md" wrap="nowrap" align="center">
      <Avatar
        src={student.photo}
        size={84}
        radius="md"
        color="institutional"
        alt={t("photo.alt", { name: student.first_name })}
      >
        {studentInitials(student)}
      </Avatar>
      <Stack gap={6} miw={0}>
        {editable && (
          <Group gap="xs">
            <FileButton onChange={(f) => void upload(f)} accept={IMAGE_TYPES.join(",")}>
              {(props) => (
                <Button
                  {...props}
                  size="xs"
                  variant="default"
                  leftSection={<IconPhotoUp size={14} aria-hidden />}
                  loading={busy === "upload"}
                >
                  {student.photo ? t("photo.replace") : t("photo.upload")}
                </Button>
              )}
            </FileButton>
            {student.photo && (
              <Button
                size="xs"
                variant="subtle"
                color="red.9"
                leftSection={<IconTrash size={14} aria-hidden />}
                onClick={() => void remove()}
                loading={busy === "remove"}
              >
                {t("photo.remove")}
              </Button>
            )}
          </Group>
        )}
        <Text size="xs" c="gray.7">
          {t("photo.hint", { size: check.maxMb })}
        </Text>
        {error && (
          <Text size="xs" c="red.8" role="alert">
            {error}
          </Text>
        )}
      </Stack>
    </Group>
  );
}
