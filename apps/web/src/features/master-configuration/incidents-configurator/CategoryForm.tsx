import { CategoryBody, type IncidentCategory } from "@convive/domain";
import { TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useTranslation } from "react-i18next";
import { FormModal } from "../../../components/FormModal.tsx";
import { schemaErrors } from "../../../lib/form-validation.ts";
import { useLocalName } from "../shared/catalogue.tsx";
import { useRefreshAll } from "../shared/keys.ts";
import { useSave } from "../shared/use-save.ts";
import { createCategory, updateCategory } from "./api.ts";

interface Values {
  name_es: string;
  name_en: string;
}

/** A category's names; a new one goes last (the list's arrows reorder). */
export function CategoryForm({
  category,
  onClose,
  onCreated,
}: {
  category: IncidentCategory | null;
  onClose: () => void;
  onCreated?: (category: IncidentCategory) => void;
}) {
  const { t } = useTranslation("incidentsConfig");
  const localName = useLocalName();
  const refresh = useRefreshAll();
  const form = useForm<Values>({
    initialValues: { name_es: category?.name_es ?? "", name_en: category?.name_en ?? "" },
    validate: (v) => schemaErrors(CategoryBody, v, t),
  });
  const save = useSave(form);

  const submit = form.onSubmit((v) =>
    save.run(async () => {
      if (category) {
        await updateCategory(category.id, v);
      } else {
        const { data } = await createCategory(v);
        onCreated?.(data.category);
      }
      await refresh();
    }, onClose),
  );

  return (
    <FormModal
      opened
      onClose={onClose}
      title={category ? t("categories.editTitle", { name: localName(category) }) : t("categories.createTitle")}
      onSubmit={submit}
      busy={save.busy}
      failure={save.failure}
    >
      <TextInput
        label={t("names.es")}
        placeholder={t("categories.placeholderEs")}
        required
        maxLength={120}
        data-autofocus
        lang="es"
        {...form.getInputProps("name_es")}
      />
      <TextInput
        label={t("names.en")}
        description={t("names.enHint")}
        placeholder={t("categories.placeholderEn")}
        maxLength={120}
        lang="en"
        {...form.getInputProps("name_en")}
      />
    </FormModal>
  );
}
