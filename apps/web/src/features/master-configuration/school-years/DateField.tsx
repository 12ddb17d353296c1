import "@mantine/dates/styles.layer.css";
import "dayjs/locale/es";
import "dayjs/locale/en";
import { DatePickerInput, type DatePickerInputProps, DatesProvider } from "@mantine/dates";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { pickerDays } from "../../../lib/dates.ts";
import { useIsPhone } from "../../../lib/use-is-phone.ts";

/** Calendars in the user's language, weeks from Monday; weekends not in red (red text on white fails AA). */
export function DatesLanguage({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  return (
    <DatesProvider settings={{ locale: i18n.resolvedLanguage ?? "es", firstDayOfWeek: 1, weekendDays: [] }}>
      {children}
    </DatesProvider>
  );
}

/** A day picker whose value is `YYYY-MM-DD` (what the API takes); a full-screen calendar on a phone. */
export function DateField(props: DatePickerInputProps<"default">) {
  const { t } = useTranslation("masterConfiguration");
  const phone = useIsPhone();
  return (
    <DatePickerInput
      valueFormatter={pickerDays}
      dropdownType={phone ? "modal" : "popover"}
      placeholder={t("dates.pick")}
      ariaLabels={{
        nextMonth: t("dates.nextMonth"),
        previousMonth: t("dates.previousMonth"),
        nextYear: t("dates.nextYear"),
        previousYear: t("dates.previousYear"),
        nextDecade: t("dates.nextDecade"),
        previousDecade: t("dates.previousDecade"),
        monthLevelControl: t("dates.chooseMonth"),
        yearLevelControl: t("dates.chooseYear"),
      }}
      {...props}
    />
  );
}
