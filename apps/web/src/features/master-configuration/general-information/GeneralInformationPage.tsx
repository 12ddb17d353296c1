import { MAX_FILE_SIZE_MB_MAX, MAX_FILE_SIZE_MB_MIN, type SchoolInfo, UpdateSchoolInfoBody } from "@convive/domain";
import {
  Alert,
  Button,
  Grid,
  Group,
  Modal,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from "@mantine/core";
import { useForm } from "@mantine/form";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { QueryState } from "../../../components/QueryState.tsx";
import { focusFirstError } from "../../../lib/form-errors.ts";
import { schemaErrors } from "../../../lib/form-validation.ts";
import { useTimeZoneOptions } from "../../../lib/time-zones.ts";
import { UnsentEmailsCard } from "../../outbox/index.ts";
import { SignInProviderCard } from "../../sign-in-provider/index.ts";
import { useAccess } from "../shared/access.ts";
import { Card } from "../shared/Card.tsx";
import { MasterConfigurationPage } from "../shared/MasterConfigurationPage.tsx";
import { SetupChecklist } from "../shared/SetupChecklist.tsx";
import { useSchoolInfo, useSchoolInfoActions, useUpdateSchoolInfo } from "./api.ts";
import { ColorsCard } from "./ColorsCard.tsx";
import { LogoCard } from "./LogoCard.tsx";
import { MessageStartersField } from "./MessageStartersField.tsx";
import { PrivacyNoticeCard } from "./PrivacyNoticeCard.tsx";
import { QuietHoursFields } from "./QuietHoursFields.tsx";
import { SaveBar } from "./SaveBar.tsx";
import {
  COLOR_FIELDS,
  NOTICE_FIELDS,
  numberOrNull,
  QUIET_FIELDS,
  quietHourOrNull,
  quietHoursErrors,
  type Values,
  valuesOf,
} from "./school-info-values.ts";

/**
 * master-configuration/general-information: the setup checklist (a new school's Director lands here until it is
 * set up), then the school's details, logo, colours and privacy notice.
 */
export default function GeneralInformationPage() {
  const info = useSchoolInfo();
  return (
    <MasterConfigurationPage>
      <SetupChecklist />
      <QueryState query={info} height={420} />
      {info.data && <SchoolInfoForm key={info.data.id} info={info.data} />}
      {/* Issue 32: the school's identity provider; outside the form above (its dialog has a form of its own). */}
      {info.data && <SignInProviderCard schoolName={info.data.name} />}
    </MasterConfigurationPage>
  );
}

/** A changed field as PATCH takes it: the size as a number, an empty quiet hour as null. */
const bodyValue = (k: keyof Values, values: Values) => {
  if (k === "max_file_size_in_mb") return numberOrNull(values[k]);
  if ((QUIET_FIELDS as readonly string[]).includes(k)) return quietHourOrNull(values[k] as string);
  return values[k];
};

function SchoolInfoForm({ info }: { info: SchoolInfo }) {
  const { t, i18n } = useTranslation("masterConfiguration");
  const access = useAccess();
  const editable = access.can("master-configuration-school-info", "update");
  const actions = useSchoolInfoActions();
  const [confirmNotice, setConfirmNotice] = useState(false);

  const colorRule = t("validation.color");
  const form = useForm<Values>({
    initialValues: valuesOf(info),
    validate: (values) => {
      const size = numberOrNull(values.max_file_size_in_mb);
      const quiet = {
        quiet_hours_start: quietHourOrNull(values.quiet_hours_start),
        quiet_hours_end: quietHourOrNull(values.quiet_hours_end),
      };
      const errors = schemaErrors(UpdateSchoolInfoBody, { ...values, ...quiet, max_file_size_in_mb: size }, t, {
        email: { custom: t("common:validation.email") },
        time_zone: { custom: t("validation.timeZone") },
        ...Object.fromEntries(COLOR_FIELDS.map((f) => [f, { "*": colorRule }])),
      });
      // Optional in a PATCH, required in this form.
      if (size === undefined) errors.max_file_size_in_mb = t("common:messages.emptyFields");
      const messages = { both: t("validation.quietHoursBoth"), same: t("validation.quietHoursSame") };
      return { ...errors, ...quietHoursErrors(values, messages) };
    },
  });
  const save = useUpdateSchoolInfo({ form });
  const zones = useTimeZoneOptions(i18n.resolvedLanguage ?? "es", form.values.time_zone);

  const changed = (Object.keys(form.values) as (keyof Values)[]).filter((k) => form.isDirty(k));
  const noticeChanged = NOTICE_FIELDS.some((f) => changed.includes(f));

  const persist = async (values: Values) => {
    // Only what changed is sent: an untouched notice must not raise its version.
    const body = Object.fromEntries(changed.map((k) => [k, bodyValue(k, values)])) as UpdateSchoolInfoBody;
    await save.submit({ body, noticeChanged }, (saved) => {
      // The form now starts from what was saved (the server trims and lower-cases).
      const next = valuesOf(saved);
      form.setInitialValues(next);
      form.setValues(next);
      form.resetDirty(next);
    });
  };

  const submit = form.onSubmit((values) => {
    if (changed.length === 0) return;
    if (noticeChanged) setConfirmNotice(true);
    else void persist(values);
  }, focusFirstError);

  return (
    <form onSubmit={submit} noValidate>
      <fieldset disabled={!editable} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
        <Stack gap="lg">
          {!editable && (
            <Alert variant="light" color="blue">
              {t("general.readOnly")}
            </Alert>
          )}
          {save.failure && (
            <Alert color="red" variant="light" role="alert">
              {save.failure}
            </Alert>
          )}
          <Grid gap="lg" align="stretch">
            <Grid.Col span={{ base: 12, md: 7, lg: 8 }}>
              <Card title={t("general.detailsTitle")} description={t("general.detailsDescription")}>
                <TextInput label={t("general.name")} required maxLength={150} {...form.getInputProps("name")} />
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="sm">
                  <TextInput label={t("general.legalName")} maxLength={200} {...form.getInputProps("legal_name")} />
                  <TextInput
                    label={t("general.cct")}
                    description={t("general.cctHint")}
                    maxLength={30}
                    autoCapitalize="characters"
                    {...form.getInputProps("cct")}
                  />
                </SimpleGrid>
                <Textarea
                  label={t("general.address")}
                  autosize
                  minRows={2}
                  maxRows={4}
                  maxLength={300}
                  {...form.getInputProps("address")}
                />
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="sm">
                  <TextInput label={t("general.phone")} type="tel" maxLength={30} {...form.getInputProps("phone")} />
                  <TextInput
                    label={t("general.email")}
                    type="email"
                    autoCapitalize="none"
                    maxLength={254}
                    {...form.getInputProps("email")}
                  />
                  <Select
                    label={t("general.timeZone")}
                    required
                    searchable
                    allowDeselect={false}
                    data={zones.data}
                    onDropdownOpen={zones.onDropdownOpen}
                    nothingFoundMessage={t("general.noTimeZone")}
                    comboboxProps={{ withinPortal: true }}
                    {...form.getInputProps("time_zone")}
                  />
                  <NumberInput
                    label={t("general.maxFileSize")}
                    description={t("general.maxFileSizeHint", { min: MAX_FILE_SIZE_MB_MIN, max: MAX_FILE_SIZE_MB_MAX })}
                    required
                    min={MAX_FILE_SIZE_MB_MIN}
                    max={MAX_FILE_SIZE_MB_MAX}
                    allowDecimal={false}
                    allowNegative={false}
                    suffix=" MB"
                    {...form.getInputProps("max_file_size_in_mb")}
                  />
                </SimpleGrid>
              </Card>
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 5, lg: 4 }}>
              <LogoCard info={info} editable={editable} onUpload={actions.uploadLogo} onRemove={actions.removeLogo} />
            </Grid.Col>
          </Grid>

          {/* Issue 27 §3: the school's two settings about writing to families, side by side. */}
          <Card title={t("general.familyMessagesTitle")} description={t("general.familyMessagesDescription")}>
            <QuietHoursFields form={form} editable={editable} />
            <MessageStartersField form={form} />
          </Card>

          <ColorsCard form={form} info={info} editable={editable} />

          <PrivacyNoticeCard form={form} info={info} noticeChanged={noticeChanged} />

          {/* Spec §8 "Unsent email list": the school's undelivered e-mails, for whoever runs its configuration. */}
          {editable && <UnsentEmailsCard scope="school" />}

          {editable && <SaveBar changed={changed.length} busy={save.busy} onDiscard={() => form.reset()} />}
        </Stack>
      </fieldset>
      <Modal
        opened={confirmNotice}
        onClose={() => setConfirmNotice(false)}
        title={t("privacy.confirmTitle")}
        radius="lg"
        centered
      >
        <Text size="sm">{t("privacy.confirmMessage")}</Text>
        <Group justify="flex-end" mt="lg" gap="sm">
          <Button variant="default" onClick={() => setConfirmNotice(false)}>
            {t("common:actions.cancel")}
          </Button>
          <Button
            data-autofocus
            onClick={() => {
              setConfirmNotice(false);
              void persist(form.getValues());
            }}
          >
            {t("privacy.confirm")}
          </Button>
        </Group>
      </Modal>
    </form>
  );
}
