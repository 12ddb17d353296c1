import { ProfileNameBody, type ProfileSummary } from "@convive/domain";
import { localName } from "@convive/domain/core";
import { Text, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useTranslation } from "react-i18next";
import { FormModal } from "../../../components/FormModal.tsx";
import { schemaErrors } from "../../../lib/form-validation.ts";
import { EnglishNameField } from "../shared/EnglishNameField.tsx";
import { useSaveProfile } from "./api.ts";

/** Creates a profile or renames one: its Spanish name (the one the rules read) and its English name. */
export function ProfileForm({
  profile,
  onClose,
  onCreated,
}: {
  profile: ProfileSummary | null;
  onClose: () => void;
  onCreated: (p: ProfileSummary) => void;
}) {
  const { t, i18n } = useTranslation("masterUsers");
  const form = useForm({
    initialValues: { name: profile?.name ?? "", name_en: profile?.name_en ?? "" },
    validate: (v) => schemaErrors(ProfileNameBody, v, t),
  });
  const save = useSaveProfile(profile?.id ?? null, { form });
  const submit = form.onSubmit((v) =>
    save.submit(v, (created) => {
      if (created) onCreated(created);
      onClose();
    }),
  );
  return (
    <FormModal
      opened
      onClose={onClose}
      size="sm"
      title={
        profile
          ? t("profiles.renameTitle", { name: localName(profile, i18n.resolvedLanguage ?? "es") })
          : t("profiles.createTitle")
      }
      onSubmit={submit}
      save={save}
    >
      <TextInput
        label={t("profiles.name")}
        placeholder={t("profiles.namePlaceholder")}
        required
        maxLength={60}
        data-autofocus
        {...form.getInputProps("name")}
      />
      <EnglishNameField placeholder="Teacher" maxLength={60} {...form.getInputProps("name_en")} />
      {!profile && (
        <Text size="xs" c="gray.7">
          {t("profiles.createHint")}
        </Text>
      )}
    </FormModal>
  );
}
