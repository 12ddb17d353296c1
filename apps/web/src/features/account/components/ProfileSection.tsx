import type { UserPayload } from "@convive/domain";
import { Button, Divider, Group, SimpleGrid, Stack, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useTranslation } from "react-i18next";
import { type ProfileValues, useSaveProfile } from "../api/profile.ts";
import { AvatarPicker } from "./AvatarPicker.tsx";
import { Section } from "./Section.tsx";

/** Picture, names and cell phone of the signed-in user; the e-mail is shown but changed by an administrator. */
export function ProfileSection({ user, maxMb, roleLabel }: { user: UserPayload; maxMb: number; roleLabel: string }) {
  const { t } = useTranslation("account");
  const form = useForm<ProfileValues>({
    initialValues: {
      first_name: user.first_name,
      paternal_surname: user.paternal_surname,
      maternal_surname: user.maternal_surname,
      cell_phone: user.cell_phone ?? "",
    },
    validate: {
      first_name: (v) => (v.trim() ? null : t("common:messages.emptyFields")),
      cell_phone: (v) =>
        v.trim() === "" || /^[+\d][\d\s().-]{6,29}$/.test(v.trim()) ? null : t("profile.phoneInvalid"),
    },
  });

  const save = useSaveProfile(user.id, { form });
  const submit = form.onSubmit((values) => save.submit(values, () => form.resetDirty(values)));

  return (
    <Section title={t("profile.title")} description={t("profile.description")}>
      <AvatarPicker user={user} maxMb={maxMb} roleLabel={roleLabel} />
      <Divider />
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="sm">
            <TextInput
              label={t("profile.firstName")}
              autoComplete="given-name"
              required
              {...form.getInputProps("first_name")}
            />
            <TextInput
              label={t("profile.paternalSurname")}
              autoComplete="family-name"
              {...form.getInputProps("paternal_surname")}
            />
            <TextInput
              label={t("profile.maternalSurname")}
              autoComplete="additional-name"
              {...form.getInputProps("maternal_surname")}
            />
            <TextInput
              label={t("profile.cellPhone")}
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              {...form.getInputProps("cell_phone")}
            />
          </SimpleGrid>
          <TextInput
            label={t("profile.email")}
            description={t("profile.emailHint")}
            value={user.email}
            readOnly
            variant="filled"
            inputWrapperOrder={["label", "input", "description"]}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={save.busy} disabled={!form.isDirty()}>
              {t("common:actions.save")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Section>
  );
}
