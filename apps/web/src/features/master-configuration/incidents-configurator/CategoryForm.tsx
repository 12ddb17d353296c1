import { CategoryBody, type IncidentCategory } from "@convive/domain";
import { useForm } from "@mantine/form";
import { useTranslation } from "react-i18next";
import { FormModal } from "../../../components/FormModal.tsx";
import { schemaErrors } from "../../../lib/form-validation.ts";
import { BilingualNameFields } from "../shared/BilingualNameFields.tsx";
import { useLocalName } from "../shared/catalogue.tsx";
import { useSaveCategory } from "./api.ts";

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
  const form = useForm<Values>({
    initialValues: { name_es: category?.name_es ?? "", name_en: category?.name_en ?? "" },
    validate: (v) => schemaErrors(CategoryBody, v, t),
  });
  const save = useSaveCategory(category?.id ?? null, { form });

  const submit = form.onSubmit((v) =>
    save.submit(v, (created) => {
      if (created) onCreated?.(created);
      onClose();
    }),
  );

  return (
    <FormModal
      opened
      onClose={onClose}
      title={category ? t("categories.editTitle", { name: localName(category) }) : t("categories.createTitle")}
      onSubmit={submit}
      save={save}
    >
      <BilingualNameFields
        form={form}
        placeholders={{ es: t("categories.placeholderEs"), en: t("categories.placeholderEn") }}
        enHint
      />
    </FormModal>
  );
}
