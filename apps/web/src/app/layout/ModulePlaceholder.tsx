import { IconHourglassEmpty } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { EmptyState } from "../../components/EmptyState.tsx";

/** A layout route whose screen has not landed yet: says so, and shows no made-up data. */
export function ModulePlaceholder({ title }: { title: string }) {
  const { t } = useTranslation("layout");
  return (
    <EmptyState
      icon={<IconHourglassEmpty size={28} />}
      title={t("placeholder.title")}
      description={t("placeholder.body", { module: title })}
    />
  );
}
