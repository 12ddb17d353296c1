import { AddMembershipBody, type AdminUser } from "@convive/domain";
import { localName } from "@convive/domain/core";
import { Select, Text } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useTranslation } from "react-i18next";
import { FormModal } from "../../../components/FormModal.tsx";
import { schemaErrors } from "../../../lib/form-validation.ts";
import { useAdminSchools, useSchoolProfiles } from "../api/schools.ts";
import { useAddMembership } from "../api/users.ts";

interface Props {
  user: AdminUser | null;
  opened: boolean;
  onClose: () => void;
}

/** Adds a user to one more school with one of that school's profiles ('Profile assigned successfully!'). */
export function MembershipForm(props: Props) {
  return <MembershipFormModal key={`${props.user?.id ?? "none"}-${props.opened}`} {...props} />;
}

function MembershipFormModal({ user, opened, onClose }: Props) {
  const { t, i18n } = useTranslation("admin");
  const form = useForm<{ school_id: string | null; profile_id: string | null }>({
    initialValues: { school_id: null, profile_id: null },
    validate: (v) => schemaErrors(AddMembershipBody, body(v), t),
  });
  const schools = useAdminSchools();
  const profiles = useSchoolProfiles(form.values.school_id);
  const taken = new Set(user?.memberships.map((m) => m.school_id));
  const options = (schools.data ?? [])
    .filter((s) => !taken.has(s.id))
    .map((s) => ({ value: s.id, label: s.is_active ? s.name : `${s.name} (${t("status.inactive")})` }));

  const save = useAddMembership(user?.id ?? null, {
    form,
    success: t("users.profileAssigned"),
    failure: t("users.profileAssignFailed"),
  });
  const submit = form.onSubmit((values) => {
    if (user) save.submit(body(values) as { school_id: string; profile_id: number }, onClose);
  });

  const name = user ? `${user.first_name} ${user.paternal_surname}`.trim() : "";
  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={t("users.addToSchoolTitle")}
      onSubmit={submit}
      busy={save.busy}
      failure={save.failure}
      submitLabel={t("users.addToSchool")}
    >
      <Text size="sm">{t("users.addToSchoolFor", { name, email: user?.email ?? "" })}</Text>
      <Select
        label={t("users.school")}
        data={options}
        searchable
        required
        data-autofocus
        nothingFoundMessage={t("nothingFound")}
        {...form.getInputProps("school_id")}
        onChange={(v) => {
          form.setFieldValue("school_id", v);
          form.setFieldValue("profile_id", null);
        }}
      />
      <Select
        label={t("users.profile")}
        data={(profiles.data ?? []).map((p) => ({
          value: String(p.id),
          label: localName(p, i18n.resolvedLanguage ?? "es"),
        }))}
        disabled={!form.values.school_id}
        required
        {...form.getInputProps("profile_id")}
      />
    </FormModal>
  );
}

const body = (v: { school_id: string | null; profile_id: string | null }) => ({
  school_id: v.school_id ?? "",
  profile_id: v.profile_id ? Number(v.profile_id) : undefined,
});
