import { Select, type SelectProps } from "@mantine/core";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { useCurrentUser } from "../../auth/index.ts";
import { useStaff } from "../api/options.ts";
import { personName } from "../format.ts";

/**
 * Who is reminded on the review date: the school's staff by profile, the reader first ("me", the default). Only
 * those who may read external support can be chosen; the server says so on the field when the pick cannot.
 */
export function ResponsibleSelect(props: Omit<SelectProps, "data">) {
  const { t, i18n } = useTranslation("externalSupport");
  const me = useCurrentUser().data;
  const staff = useStaff(true);
  const data = useMemo(() => {
    const myId = me ? String(me.id) : null;
    const mine = myId ? [{ value: myId, label: t("responsible.me", { name: me ? personName(me) : "" }) }] : [];
    const groups = new Map<string, { value: string; label: string }[]>();
    for (const person of staff.data ?? []) {
      if (String(person.id) === myId) continue;
      const group = person.profile_name ?? t("responsible.noProfile");
      groups.set(group, [...(groups.get(group) ?? []), { value: String(person.id), label: personName(person) }]);
    }
    const sorted = [...groups.entries()]
      .sort(([a], [b]) => a.localeCompare(b, i18n.resolvedLanguage))
      .map(([group, items]) => ({ group, items: items.sort((a, b) => a.label.localeCompare(b.label)) }));
    return [...(mine.length ? [{ group: t("responsible.you"), items: mine }] : []), ...sorted];
  }, [staff.data, me, t, i18n.resolvedLanguage]);
  return (
    <Select
      label={t("fields.responsible")}
      description={t("responsible.hint")}
      searchable
      comboboxProps={{ withinPortal: true }}
      nothingFoundMessage={t("responsible.none")}
      {...props}
      data={data}
    />
  );
}
