import { VisuallyHidden } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { signed } from "../components/format.ts";

/** The Points tab's badge: the student's balance with its sign ("+8"), read out as points ("+8 puntos"). */
export function PointsBadge({ balance }: { balance: number }) {
  const { t } = useTranslation("points");
  return (
    <>
      <span aria-hidden>{signed(balance)}</span>
      <VisuallyHidden>{t("tabBadge", { count: balance, value: signed(balance) })}</VisuallyHidden>
    </>
  );
}
