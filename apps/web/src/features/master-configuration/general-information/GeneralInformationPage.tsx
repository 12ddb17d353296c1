import {
  contrastWarnings,
  DEFAULT_INSTITUTIONAL_COLORS,
  MAX_FILE_SIZE_MB_MAX,
  MAX_FILE_SIZE_MB_MIN,
  type SchoolInfo,
  UpdateSchoolInfoBody,
} from "@convive/domain";
import {
  Alert,
  Button,
  ColorInput,
  Grid,
  Group,
  Modal,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from "@mantine/core";
import { useForm } from "@mantine/form";
import { IconAlertTriangle, IconRestore } from "@tabler/icons-react";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { QueryState } from "../../../components/QueryState.tsx";
import { focusFirstError } from "../../../lib/form-errors.ts";
import { schemaErrors } from "../../../lib/form-validation.ts";
import { useAccess } from "../shared/access.ts";
import { Card } from "../shared/Card.tsx";
import { MasterConfigurationPage } from "../shared/MasterConfigurationPage.tsx";
import { SetupChecklist } from "../shared/SetupChecklist.tsx";
import { useSave } from "../shared/use-save.ts";
import { useSchoolInfo, useSchoolInfoActions } from "./api.ts";
import { ColorPreview, ContrastList } from "./ColorPreview.tsx";
import { LogoCard } from "./LogoCard.tsx";
import { timeZoneOptions } from "./time-zones.ts";

interface Values {
  name: string;
  legal_name: string;
  cct: string;
  address: string;
  phone: string;
  email: string;
  time_zone: string;
  max_file_size_in_mb: number | string;
  institutional_color_1: string;
  institutional_color_2: string;
  institutional_color_3: string;
  institutional_color_4: string;
  privacy_notice_es: string;
  privacy_notice_en: string;
}

const COLOR_FIELDS = [
  "institutional_color_1",
  "institutional_color_2",
  "institutional_color_3",
  "institutional_color_4",
] as const;
const NOTICE_FIELDS = ["privacy_notice_es", "privacy_notice_en"] as const;

const valuesOf = (s: SchoolInfo): Values => ({
  name: s.name,
  legal_name: s.legal_name ?? "",
  cct: s.cct ?? "",
  address: s.address ?? "",
  phone: s.phone ?? "",
  email: s.email ?? "",
  time_zone: s.time_zone,
  max_file_size_in_mb: s.max_file_size_in_mb,
  institutional_color_1: s.institutional_color_1,
  institutional_color_2: s.institutional_color_2,
  institutional_color_3: s.institutional_color_3,
  institutional_color_4: s.institutional_color_4,
  privacy_notice_es: s.privacy_notice_es ?? "",
  privacy_notice_en: s.privacy_notice_en ?? "",
});

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
    </MasterConfigurationPage>
  );
}

function SchoolInfoForm({ info }: { info: SchoolInfo }) {
  const { t, i18n } = useTranslation("masterConfiguration");
  const access = useAccess();
  const editable = access.can("master-configuration-school-info", "update");
  const actions = useSchoolInfoActions();
  const zones = useMemo(() => timeZoneOptions(i18n.resolvedLanguage ?? "es"), [i18n.resolvedLanguage]);
  const [confirmNotice, setConfirmNotice] = useState(false);

  const colorRule = t("validation.color");
  const form = useForm<Values>({
    initialValues: valuesOf(info),
    validate: (values) => {
      const size = numberOrNull(values.max_file_size_in_mb);
      const errors = schemaErrors(UpdateSchoolInfoBody, { ...values, max_file_size_in_mb: size }, t, {
        email: { custom: t("common:validation.email") },
        time_zone: { custom: t("validation.timeZone") },
        ...Object.fromEntries(COLOR_FIELDS.map((f) => [f, { "*": colorRule }])),
      });
      // Optional in a PATCH, required in this form.
      if (size === undefined) errors.max_file_size_in_mb = t("common:messages.emptyFields");
      return errors;
    },
  });
  const save = useSave(form);

  const changed = (Object.keys(form.values) as (keyof Values)[]).filter((k) => form.isDirty(k));
  const noticeChanged = NOTICE_FIELDS.some((f) => changed.includes(f));
  const colors = COLOR_FIELDS.map((f) => form.values[f]) as unknown as readonly [string, string, string, string];
  const colorsValid = colors.every((c) => /^#[0-9a-f]{6}$/i.test(c));
  const colorsDirty = COLOR_FIELDS.some((f) => changed.includes(f));
  const live = colorsValid ? contrastWarnings(colors) : [];

  const persist = async (values: Values) => {
    // Only what changed is sent: an untouched notice must not raise its version.
    const body = Object.fromEntries(
      changed.map((k) => [k, k === "max_file_size_in_mb" ? numberOrNull(values[k]) : values[k]]),
    ) as UpdateSchoolInfoBody;
    await save.run(
      () => actions.update(body, noticeChanged),
      (saved) => {
        // The form now starts from what was saved (the server trims and lower-cases).
        const next = valuesOf(saved);
        form.setInitialValues(next);
        form.setValues(next);
        form.resetDirty(next);
      },
    );
  };

  const submit = form.onSubmit((values) => {
    if (changed.length === 0) return;
    if (noticeChanged) setConfirmNotice(true);
    else void persist(values);
  }, focusFirstError);

  const resetColors = () => {
    for (const [i, field] of COLOR_FIELDS.entries())
      form.setFieldValue(field, DEFAULT_INSTITUTIONAL_COLORS[i] as string);
  };

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
                    data={zones}
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

          <Card
            title={t("colors.title")}
            description={t("colors.description")}
            actions={
              editable && (
                <Button
                  variant="subtle"
                  size="xs"
                  leftSection={<IconRestore size={14} aria-hidden />}
                  onClick={resetColors}
                >
                  {t("colors.reset")}
                </Button>
              )
            }
          >
            <Grid gap="lg">
              <Grid.Col span={{ base: 12, sm: 7 }}>
                <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="sm">
                  {COLOR_FIELDS.map((field, i) => (
                    <ColorInput
                      key={field}
                      label={t(`colors.color${i + 1}`)}
                      description={t(`colors.color${i + 1}Hint`)}
                      format="hex"
                      required
                      withEyeDropper={false}
                      swatches={[...DEFAULT_INSTITUTIONAL_COLORS]}
                      {...form.getInputProps(field)}
                    />
                  ))}
                </SimpleGrid>
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 5 }}>
                <ColorPreview
                  colors={colorsValid ? colors : (COLOR_FIELDS.map((f) => info[f]) as unknown as typeof colors)}
                />
              </Grid.Col>
            </Grid>
            <Paper withBorder radius="md" p="sm" bg="var(--mantine-color-gray-0)" aria-live="polite">
              <Text size="sm" fw={600} mb={6}>
                {colorsDirty ? t("colors.liveTitle") : t("colors.savedTitle")}
              </Text>
              <ContrastList warnings={colorsDirty ? live : info.contrast_warnings} />
            </Paper>
          </Card>

          <Card
            title={t("privacy.title")}
            description={t("privacy.description", { version: info.privacy_notice_version })}
          >
            <Alert
              variant="light"
              color={noticeChanged ? "orange" : "yellow"}
              icon={<IconAlertTriangle size={18} aria-hidden />}
              c="dark.8"
            >
              {t("privacy.warning")}
            </Alert>
            {!form.values.privacy_notice_es.trim() && !form.values.privacy_notice_en.trim() && (
              <Text size="sm" c="dimmed">
                {t("privacy.emptyHint")}
              </Text>
            )}
            <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
              <Textarea
                label={t("privacy.es")}
                autosize
                minRows={6}
                maxRows={16}
                {...form.getInputProps("privacy_notice_es")}
              />
              <Textarea
                label={t("privacy.en")}
                autosize
                minRows={6}
                maxRows={16}
                {...form.getInputProps("privacy_notice_en")}
              />
            </SimpleGrid>
          </Card>

          {editable && (
            <Paper
              withBorder
              radius="lg"
              p="sm"
              shadow={changed.length > 0 ? "md" : undefined}
              // Follows the user down the page while something is unsaved.
              style={changed.length > 0 ? { position: "sticky", bottom: 8, zIndex: 5 } : undefined}
            >
              <Group justify="space-between" gap="sm">
                <Text size="sm" c={changed.length > 0 ? undefined : "dimmed"} aria-live="polite">
                  {changed.length > 0 ? t("general.unsaved", { count: changed.length }) : t("general.upToDate")}
                </Text>
                <Group gap="xs" ml="auto">
                  <Button variant="default" onClick={() => form.reset()} disabled={changed.length === 0 || save.busy}>
                    {t("general.discard")}
                  </Button>
                  <Button type="submit" loading={save.busy} disabled={changed.length === 0}>
                    {t("common:actions.save")}
                  </Button>
                </Group>
              </Group>
            </Paper>
          )}
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

const numberOrNull = (v: number | string) => (typeof v === "number" ? v : v.trim() === "" ? undefined : Number(v));
