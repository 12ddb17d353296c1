import { signInOutcome } from "@convive/domain/core";
import { Button, PasswordInput, Stack } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { ApiError, api } from "../../../lib/api.ts";
import { session } from "../../../lib/session.ts";
import { toast } from "../../../lib/toast.ts";
import { currentUserKey, fetchCurrentUser } from "../api/current-user.ts";
import { enterSchool } from "../api/sign-in.ts";
import { AuthCard } from "../components/AuthCard.tsx";
import { logout } from "../api/logout.ts";

/** Spec §2 /Changepassword: the forced change ('Passwords do not match', 'empty fields'). */
export default function ChangePasswordPage() {
  const { t } = useTranslation("auth");
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const empty = (v: string) => (v ? null : t("common:messages.emptyFields"));
  const form = useForm({
    initialValues: { current_password: "", password: "", password_confirmation: "" },
    validate: {
      current_password: empty,
      password: empty,
      password_confirmation: (v, values) =>
        empty(v) ?? (v === values.password ? null : t("common:messages.passwordsDoNotMatch")),
    },
  });

  /**
   * The forced change interrupted the login flow before a school was chosen (spec §4 step 3): carry on with steps
   * 4–8, so a user of one school enters it instead of meeting a selection screen with a single choice.
   */
  const afterPasswordChange = async (): Promise<string | null> => {
    const { userId, schoolId } = session.get();
    if (userId === null || schoolId !== null) {
      await queryClient.invalidateQueries({ queryKey: ["current-user"] });
      return "/";
    }
    const user = await fetchCurrentUser(userId);
    queryClient.setQueryData(currentUserKey(userId, null), user);
    const outcome = signInOutcome(user);
    if (outcome.kind === "refuse") {
      await logout(outcome.message);
      return null;
    }
    return outcome.kind === "go" ? outcome.to : enterSchool(outcome.schoolId, "automatic");
  };

  const submit = form.onSubmit(async (values) => {
    setBusy(true);
    try {
      await api("/api/user/change-password", { method: "POST", body: values, noSchool: true });
      toast("success", t("common:messages.passwordUpdated"));
      const next = await afterPasswordChange();
      if (next) navigate(next, { replace: true });
    } catch (error) {
      if (error instanceof ApiError && error.errors) form.setErrors(error.errors);
      toast("error", (error as Error).message);
    } finally {
      setBusy(false);
    }
  });

  return (
    <AuthCard title={t("changePassword.title")} subtitle={t("changePassword.subtitle")}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <PasswordInput
            label={t("changePassword.current")}
            autoComplete="current-password"
            required
            {...form.getInputProps("current_password")}
          />
          <PasswordInput
            label={t("changePassword.new")}
            description={t("changePassword.hint")}
            autoComplete="new-password"
            required
            {...form.getInputProps("password")}
          />
          <PasswordInput
            label={t("changePassword.confirm")}
            autoComplete="new-password"
            required
            {...form.getInputProps("password_confirmation")}
          />
          <Button type="submit" loading={busy} fullWidth size="md">
            {t("changePassword.submit")}
          </Button>
          <Button variant="subtle" color="gray" onClick={() => void logout()}>
            {t("schoolSelection.logout")}
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
