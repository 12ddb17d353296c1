import { CreateSchoolUserBody, type ProfileSummary, type SchoolUser, UpdateSchoolUserBody } from "@convive/domain";
import { Alert, Autocomplete, Grid, Select, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { IconInfoCircle } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { FormModal } from "../../../components/FormModal.tsx";
import { schemaErrors } from "../../../lib/form-validation.ts";
import { toast } from "../../../lib/toast.ts";
import { fullName } from "../shared/format.ts";
import { useRefreshAll } from "../shared/keys.ts";
import { useSave } from "../shared/use-save.ts";
import { createSchoolUser, updateSchoolUser, useSchoolUser } from "./api.ts";

interface Values {
  first_name: string;
  paternal_surname: string;
  maternal_surname: string;
  email: string;
  cell_phone: string;
  profile_id: string | null;
  trainer_type: string;
}

const TRAINER_TYPES = ["psychologist", "coach", "therapist", "nutritionist", "tutor"] as const;

/**
 * Invites a person (issue 9: the same for a new address and a known one; they join when they accept) or edits a
 * member's membership — profile and trainer type. Names and phone are the person's own: editable only while the
 * account is this school's alone and unused; the e-mail never changes here.
 */
export function UserForm({
  user,
  profiles,
  onClose,
}: {
  user: SchoolUser | null;
  profiles: ProfileSummary[];
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation("masterUsers");
  const refresh = useRefreshAll();
  const detail = useSchoolUser(user?.id ?? null);
  const form = useForm<Values>({
    initialValues: {
      first_name: user?.first_name ?? "",
      paternal_surname: user?.paternal_surname ?? "",
      maternal_surname: user?.maternal_surname ?? "",
      email: user?.email ?? "",
      cell_phone: user?.cell_phone ?? "",
      profile_id: user?.profile_id ? String(user.profile_id) : null,
      trainer_type: user?.trainer_type ?? "",
    },
    validate: (v) =>
      schemaErrors(user ? UpdateSchoolUserBody : CreateSchoolUserBody, body(v), t, {
        profile_id: { "*": t("common:messages.emptyFields") },
      }),
  });
  const save = useSave(form);
  // Until the detail arrives the person's fields stay locked: most accounts are their owners'.
  const ownedByPerson = user !== null && detail.data?.identity_editable !== true;
  const owned = detail.data?.owned_groups ?? [];

  function body(v: Values) {
    return {
      first_name: v.first_name,
      paternal_surname: v.paternal_surname,
      maternal_surname: v.maternal_surname,
      email: v.email,
      cell_phone: v.cell_phone,
      profile_id: v.profile_id ? Number(v.profile_id) : undefined,
      trainer_type: v.trainer_type,
      ...(user ? {} : { language: (i18n.resolvedLanguage === "en" ? "en" : "es") as "es" | "en" }),
    };
  }

  const submit = form.onSubmit((v) =>
    save.run(
      async () => {
        if (user) {
          const { email: _, first_name, paternal_surname, maternal_surname, cell_phone, ...membership } = body(v);
          const identity = { first_name, paternal_surname, maternal_surname, cell_phone };
          await updateSchoolUser(
            user.id,
            ownedByPerson ? { ...membership, cell_phone: undefined } : { ...membership, ...identity },
          );
          await refresh();
          return null;
        }
        const invitation = await createSchoolUser(CreateSchoolUserBody.parse(body(v)));
        await refresh();
        return invitation;
      },
      (invitation) => {
        if (invitation) toast("success", t("form.invited", { email: invitation.email }));
        onClose();
      },
    ),
  );

  const profileData = profiles.map((p) => ({ value: String(p.id), label: p.name }));
  if (user?.profile_id && !profileData.some((p) => p.value === String(user.profile_id))) {
    profileData.unshift({ value: String(user.profile_id), label: user.profile_name ?? "" });
  }

  return (
    <FormModal
      opened
      onClose={onClose}
      size="lg"
      title={user ? t("form.editTitle", { name: fullName(user) }) : t("form.createTitle")}
      onSubmit={submit}
      submitLabel={user ? undefined : t("form.sendInvitation")}
      busy={save.busy}
      failure={save.failure}
    >
      {!user && (
        <Alert variant="light" color="blue" icon={<IconInfoCircle size={18} aria-hidden />}>
          {t("form.createHint")}
        </Alert>
      )}
      {ownedByPerson && (
        <Alert variant="light" color="gray" icon={<IconInfoCircle size={18} aria-hidden />}>
          {t("form.ownedByPerson")}
        </Alert>
      )}
      {owned.length > 0 && (
        <Alert variant="light" color="gray" icon={<IconInfoCircle size={18} aria-hidden />}>
          {t("form.ownsGroups", { groups: owned.map((g) => g.name).join(", ") })}
        </Alert>
      )}
      <Grid gap="sm">
        <Grid.Col span={12}>
          <TextInput
            label={t("fields.email")}
            type="email"
            autoComplete="off"
            required
            data-autofocus={!user}
            disabled={user !== null}
            description={user ? t("form.emailOwned") : undefined}
            {...form.getInputProps("email")}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <TextInput
            label={t("fields.firstName")}
            required
            maxLength={80}
            disabled={ownedByPerson}
            {...form.getInputProps("first_name")}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <TextInput
            label={t("fields.paternalSurname")}
            maxLength={80}
            disabled={ownedByPerson}
            {...form.getInputProps("paternal_surname")}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <TextInput
            label={t("fields.maternalSurname")}
            maxLength={80}
            disabled={ownedByPerson}
            {...form.getInputProps("maternal_surname")}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <TextInput
            label={t("fields.cellPhone")}
            type="tel"
            autoComplete="off"
            maxLength={30}
            disabled={ownedByPerson}
            {...form.getInputProps("cell_phone")}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <Select
            label={t("fields.profile")}
            required
            data={profileData}
            placeholder={t("form.pickProfile")}
            nothingFoundMessage={t("form.noProfiles")}
            comboboxProps={{ withinPortal: true }}
            allowDeselect={false}
            {...form.getInputProps("profile_id")}
          />
        </Grid.Col>
        <Grid.Col span={12}>
          <Autocomplete
            label={t("fields.trainerType")}
            description={t("form.trainerTypeHint")}
            maxLength={60}
            data={TRAINER_TYPES.map((k) => t(`trainerTypes.${k}`))}
            comboboxProps={{ withinPortal: true }}
            {...form.getInputProps("trainer_type")}
          />
        </Grid.Col>
      </Grid>
    </FormModal>
  );
}
