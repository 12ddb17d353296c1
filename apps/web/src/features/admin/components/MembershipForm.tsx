import { AddMembershipBody, type AdminUser } from "@convive/domain";
import { Alert, Button, Group, Select, Stack, Text } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../../lib/api.ts";
import { schemaErrors } from "../../../lib/form-validation.ts";
import { toast } from "../../../lib/toast.ts";
import { schoolsKey, useAdminSchools, useSchoolProfiles } from "../api/schools.ts";
import { addMembership, usersKey } from "../api/users.ts";
import { FormModal } from "./FormModal.tsx";

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
  const { t } = useTranslation("admin");
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
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

  const submit = form.onSubmit(async (values) => {
    if (!user) return;
    setBusy(true);
    setFailure(null);
    try {
      await addMembership(user.id, body(values) as { school_id: string; profile_id: number });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: usersKey }),
        queryClient.invalidateQueries({ queryKey: schoolsKey, exact: true }),
      ]);
      toast("success", t("users.profileAssigned"));
      onClose();
    } catch (error) {
      toast("error", t("users.profileAssignFailed"));
      if (error instanceof ApiError && error.errors) {
        const already = error.code === "CONFLICT" && error.errors.school_id;
        form.setErrors(already ? { ...error.errors, school_id: t("users.alreadyMember") } : error.errors);
      } else setFailure((error as Error).message);
    } finally {
      setBusy(false);
    }
  });

  const name = user ? `${user.first_name} ${user.paternal_surname}`.trim() : "";
  return (
    <FormModal opened={opened} onClose={onClose} title={t("users.addToSchoolTitle")} size="md">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Text size="sm">{t("users.addToSchoolFor", { name, email: user?.email ?? "" })}</Text>
          {failure && (
            <Alert color="red" variant="light" role="alert">
              {failure}
            </Alert>
          )}
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
            data={(profiles.data ?? []).map((p) => ({ value: String(p.id), label: p.name }))}
            disabled={!form.values.school_id}
            required
            {...form.getInputProps("profile_id")}
          />
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose} disabled={busy}>
              {t("common:actions.cancel")}
            </Button>
            <Button type="submit" loading={busy}>
              {t("users.addToSchool")}
            </Button>
          </Group>
        </Stack>
      </form>
    </FormModal>
  );
}

const body = (v: { school_id: string | null; profile_id: string | null }) => ({
  school_id: v.school_id ?? "",
  profile_id: v.profile_id ? Number(v.profile_id) : undefined,
});
