import "../../../app/full-styles.ts";
import { signInOutcome } from "@convive/domain/core";
import { Button, Stack } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { PasswordFields, passwordRules } from "../../../components/PasswordFields.tsx";
import { session } from "../../../lib/session.ts";
import { toast } from "../../../lib/toast.ts";
import { useChangePassword } from "../../account/index.ts";
import { currentUserKey, fetchCurrentUser } from "../api/current-user.ts";
import { logout } from "../api/logout.ts";
import { enterSchool } from "../api/sign-in.ts";
import { AuthCard } from "../components/AuthCard.tsx";

/** Spec §2 /Changepassword: the forced change ('Passwords do not match', 'empty fields'). */
export default function ChangePasswordPage() {
  const { t } = useTranslation("auth");
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const empty = (v: string) => (v ? null : t("common:messages.emptyFields"));
  const form = useForm({
    initialValues: { current_password: "", password: "", password_confirmation: "" },
    validate: { current_password: empty, ...passwordRules(t, empty) },
  });
  const save = useChangePassword({
    form,
    success: t("common:messages.passwordUpdated"),
    failure: (error) => error.message,
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

  const submit = form.onSubmit((values) =>
    save.submit(values, () =>
      afterPasswordChange()
        .then((next) => next && navigate(next, { replace: true }))
        .catch((error: Error) => toast("error", error.message)),
    ),
  );

  return (
    <AuthCard title={t("changePassword.title")} subtitle={t("changePassword.subtitle")}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <PasswordFields
            form={form}
            labels={{
              current: t("changePassword.current"),
              new: t("changePassword.new"),
              hint: t("changePassword.hint"),
              confirm: t("changePassword.confirm"),
            }}
          />
          <Button type="submit" loading={save.busy} fullWidth size="md">
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
