import "../../../app/full-styles.ts";
import { Button } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { AuthCard } from "../components/AuthCard.tsx";

/** page-not-found: unmatched paths and denied routes (spec §2). */
export default function NotFoundPage() {
  const { t } = useTranslation("auth");
  return (
    <AuthCard title={t("notFound.title")} subtitle={t("notFound.body")}>
      <Button component={Link} to="/" fullWidth>
        {t("notFound.home")}
      </Button>
    </AuthCard>
  );
}
