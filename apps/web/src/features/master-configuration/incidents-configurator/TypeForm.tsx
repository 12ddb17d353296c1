import { type IncidentCategory, type IncidentType, IncidentTypeBody } from "@convive/domain";
import { CLASSIFICATIONS, type Classification, ERRORS } from "@convive/domain/core";
import { Radio, Group as Row, Select, Switch } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useTranslation } from "react-i18next";
import { FormModal } from "../../../components/FormModal.tsx";
import { schemaErrors } from "../../../lib/form-validation.ts";
import { BilingualNameFields, PointsField } from "../shared/BilingualNameFields.tsx";
import { useLocalName } from "../shared/catalogue.tsx";
import { useProtocols, useSaveType } from "./api.ts";
import { ClassificationDot } from "./ClassificationBadge.tsx";
import { GuidelinesField } from "./GuidelinesField.tsx";

interface Values {
  category_id: string;
  name_es: string;
  name_en: string;
  classification: Classification;
  default_points: number | string;
  notify_family: boolean;
  guidelines: string;
  guidelines_en: string;
  is_active: boolean;
  /** The protocol its incidents follow (issue 30 §2): an id, or "" for none. */
  protocol_id: string;
}

const bodyOf = (v: Values) => ({
  category_id: Number(v.category_id),
  name_es: v.name_es,
  name_en: v.name_en,
  classification: v.classification,
  default_points: v.default_points === "" ? 0 : Number(v.default_points),
  notify_family: v.notify_family,
  guidelines: v.guidelines,
  guidelines_en: v.guidelines_en,
  is_active: v.is_active,
  protocol_id: v.protocol_id ? Number(v.protocol_id) : null,
});

/** An incident type: names, category, classification, points, family notice and formative guidelines. */
export function TypeForm({
  type,
  categoryId,
  categories,
  onClose,
}: {
  type: IncidentType | null;
  categoryId: number;
  categories: IncidentCategory[];
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation(["incidentsConfig", "incidents"]);
  const lang = i18n.resolvedLanguage === "en" ? "en" : "es";
  const localName = useLocalName();
  const form = useForm<Values>({
    initialValues: {
      category_id: String(type?.category_id ?? categoryId),
      name_es: type?.name_es ?? "",
      name_en: type?.name_en ?? "",
      classification: type?.classification ?? "minor",
      default_points: type?.default_points ?? 0,
      notify_family: type?.notify_family ?? true,
      guidelines: (type?.guidelines ?? []).join("\n"),
      guidelines_en: (type?.guidelines_en ?? []).join("\n"),
      is_active: type?.is_active ?? true,
      protocol_id: type?.protocol_id ? String(type.protocol_id) : "",
    },
    // The same schema the server applies; the hyphen-only rule speaks with the server's own words (spec §5).
    validate: (v) =>
      schemaErrors(IncidentTypeBody, bodyOf(v), t, {
        guidelines: { custom: ERRORS.GUIDELINE_HYPHEN_ONLY[lang] },
        guidelines_en: { custom: ERRORS.GUIDELINE_HYPHEN_ONLY[lang] },
      }),
    validateInputOnChange: ["guidelines", "guidelines_en"],
  });
  const save = useSaveType(type?.id ?? null, { form });
  const protocols = useProtocols();

  const submit = form.onSubmit((v) => save.submit(bodyOf(v), onClose));

  return (
    <FormModal
      opened
      onClose={onClose}
      size="lg"
      title={type ? t("types.editTitle", { name: localName(type) }) : t("types.createTitle")}
      onSubmit={submit}
      save={save}
    >
      <Select
        label={t("types.category")}
        data={categories.map((c) => ({ value: String(c.id), label: localName(c) }))}
        allowDeselect={false}
        comboboxProps={{ withinPortal: true }}
        {...form.getInputProps("category_id")}
      />
      <BilingualNameFields form={form} placeholders={{ es: t("types.placeholderEs"), en: t("types.placeholderEn") }} />
      <Radio.Group
        label={t("types.classification")}
        description={t("types.classificationHint")}
        required
        {...form.getInputProps("classification")}
      >
        <Row gap="lg" mt={6}>
          {CLASSIFICATIONS.map((c) => (
            <Radio
              key={c}
              value={c}
              label={
                <Row gap={6} wrap="nowrap" component="span">
                  <ClassificationDot value={c} />
                  {t(`incidents:classification.${c}`)}
                </Row>
              }
            />
          ))}
        </Row>
      </Radio.Group>
      <PointsField keys="types" {...form.getInputProps("default_points")} />
      <Switch
        label={t("types.notifyFamily")}
        description={t("types.notifyFamilyHint")}
        {...form.getInputProps("notify_family", { type: "checkbox" })}
      />
      <GuidelinesField {...form.getInputProps("guidelines")} value={form.values.guidelines} lang="es" />
      {/* The same guidelines for readers of English (issue 12 §6). */}
      <GuidelinesField
        label={t("types.guidelinesEn")}
        description={t("types.guidelinesEnHint")}
        placeholder={t("types.guidelinesEnPlaceholder")}
        lang="en"
        {...form.getInputProps("guidelines_en")}
        value={form.values.guidelines_en}
      />
      {/* Issue 30 §2: registering an incident of this type starts the protocol's steps. */}
      <Select
        label={t("protocols.typeField")}
        description={t("protocols.typeFieldHint")}
        data={[
          { value: "", label: t("protocols.none") },
          ...(protocols.data ?? [])
            .filter((p) => p.is_active || String(p.id) === form.values.protocol_id)
            .map((p) => ({ value: String(p.id), label: localName(p) })),
        ]}
        allowDeselect={false}
        comboboxProps={{ withinPortal: true }}
        {...form.getInputProps("protocol_id")}
      />
      <Switch
        label={t("types.active")}
        description={t("status.activeHint")}
        {...form.getInputProps("is_active", { type: "checkbox" })}
      />
    </FormModal>
  );
}
