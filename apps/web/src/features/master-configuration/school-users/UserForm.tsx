import { CreateSchoolUserBody, type ProfileSummary, type SchoolUser, UpdateSchoolUserBody } from "@convive/domain";
import { localName } from "@convive/domain/core";
import { Autocomplete, Grid, Select, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useTranslation } from "react-i18next";
import { FormModal } from "../../../components/FormModal.tsx";
import { schemaErrors } from "../../../lib/form-validation.ts";
import { toast } from "../../../lib/toast.ts";
import { fullName } from "../shared/format.ts";
import { InfoNotes } from "../shared/InfoNotes.tsx";
import { NameFields } from "../shared/NameFields.tsx";
import { useSaveSchoolUser, useSchoolUser } from "./api.ts";

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
  const save = useSaveSchoolUser({ form });
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

  const submit = form.onSubmit((v) => {
    if (!user) return save.submit({ id: null, body: CreateSchoolUserBody.parse(body(v)) }, invited);
    const { email: _, first_name, paternal_surname, maternal_surname, cell_phone, ...membership } = body(v);
    const identity = { first_name, paternal_surname, maternal_surname, cell_phone };
    const update = ownedByPerson ? { ...membership, cell_phone: undefined } : { ...membership, ...identity };
    save.submit({ id: user.id, body: update }, invited);
  });
  const invited = (invitation: { email: string } | null) => {
    if (invitation) toast("success", t("form.invited", { email: invitation.email }));
    onClose();
  };

  const lang = i18n.resolvedLanguage ?? "es";
  const profileData = profiles.map((p) => ({ value: String(p.id), label: localName(p, lang) }));
  if (user?.profile_id && !profileData.some((p) => p.value === String(user.profile_id))) {
    const own = { name: user.profile_name ?? "", name_en: user.profile_name_en };
    profileData.unshift({ value: String(user.profile_id), label: localName(own, lang) });
  }

  const notes = [
    !user && { kind: "hint" as const, text: t("form.createHint") },
    ownedByPerson && { kind: "locked" as const, text: t("form.ownedByPerson") },
    owned.length > 0 && {
      kind: "locked" as const,
      text: t("form.ownsGroups", { groups: owned.map((g) => g.name).join(", ") }),
    },
  ];

  return (
    <FormModal
      opened
      onClose={onClose}
      size="lg"
      title={user ? t("form.editTitle", { name: fullName(user) }) : t("form.createTitle")}
      onSubmit={submit}
      submitLabel={user ? undefined : t("form.sendInvitation")}
      save={save}
    >
      <InfoNotes notes={notes} />
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
        <NameFields
          form={form}
          disabled={ownedByPerson}
          labels={{
            first_name: t("fields.firstName"),
            paternal_surname: t("fields.paternalSurname"),
            maternal_surname: t("fields.maternalSurname"),
          }}
        />
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
