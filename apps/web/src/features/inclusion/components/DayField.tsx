import "@mantine/dates/styles.layer.css";
import "dayjs/locale/es";
import "dayjs/locale/en";
import { DatePickerInput, type DatePickerInputProps, DatesProvider } from "@mantine/dates";
import { useTranslation } from "react-i18next";
import { pickerDays } from "../../../lib/dates.ts";
import { useIsPhone } from "../../../lib/use-is-phone.ts";

/**
 * A day picker whose value is `YYYY-MM-DD` (what the API takes), in the reader's language, weeks from Monday and
 * weekends not in red (red on white fails AA); a full-screen calendar on a phone.
 */
export function DayField({
  value,
  onChange,
  ...props
}: Omit<DatePickerInputProps<"default">, "value" | "onChange"> & { value: string; onChange: (day: string) => void }) {
  const { t, i18n } = useTranslation("inclusion");
  const phone = useIsPhone();
  return (
    <DatesProvider settings={{ locale: i18n.resolvedLanguage ?? "es", firstDayOfWeek: 1, weekendDays: [] }}>
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
        styles={{ placeholder: { color: "var(--mantine-color-gray-7)" } }}
        {...props}
        value={value || null}
        onChange={(day) => onChange(day ?? "")}
      />
    </DatesProvider>
  );
}
