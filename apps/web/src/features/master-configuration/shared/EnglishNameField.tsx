import { TextInput, type TextInputProps } from "@mantine/core";
import type { UseFormReturnType } from "@mantine/form";
import type { ChangeEvent } from "react";
import { useTranslation } from "react-i18next";

/**
 * The English name of a level, period or profile (issue 12 §6), under its Spanish name: optional, since readers
 * of English see the Spanish name when it is empty.
 */
export function EnglishNameField(props: TextInputProps) {
  const { t } = useTranslation("masterConfiguration");
  return <TextInput label={t("englishName.label")} description={t("englishName.hint")} lang="en" {...props} />;
}

/**
 * Input props of the Spanish name whose typing fills the English name with the product's translation ("Bimestre
 * 2" → "Bimester 2") while the English name is empty or still the translation of what was there before.
 */
export function spanishNameProps<T extends { name: string; name_en?: string }>(
  form: UseFormReturnType<T>,
  translate: (name: string) => string | null,
) {
  return {
    ...form.getInputProps("name"),
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const name = event.currentTarget.value;
      const english = form.values.name_en ?? "";
      const follows = english === "" || english === (translate(form.values.name) ?? "");
      form.setValues({ name, ...(follows ? { name_en: translate(name) ?? "" } : {}) } as Partial<T>);
    },
  };
}
