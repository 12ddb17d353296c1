import { Badge, Switch, Text } from "@mantine/core";
import type { TFunction } from "i18next";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "../../../lib/toast.ts";

/**
 * Pieces shared by the incidents and observations configurators: school-defined entries carry a Spanish and an
 * English name, and are switched on and off rather than deleted once used.
 */

interface Named {
  name_es: string;
  name_en: string | null;
}

/** The name a reader of the UI language sees (English when present, otherwise Spanish), as the server does. */
export function useLocalName() {
  const { i18n } = useTranslation();
  const en = i18n.resolvedLanguage === "en";
  return (row: Named) => (en && row.name_en ? row.name_en : row.name_es);
}

/** The name in the UI language, then the other language's name in small print (the configurator edits both). */
export function BilingualName({ row, dimmed }: { row: Named; dimmed?: boolean }) {
  const { t, i18n } = useTranslation("incidentsConfig");
  const localName = useLocalName();
  const en = i18n.resolvedLanguage === "en" && row.name_en;
  const other = en ? row.name_es : row.name_en;
  return (
    <div style={{ minWidth: 0 }}>
      <Text fw={600} c={dimmed ? "dimmed" : undefined} style={{ overflowWrap: "anywhere" }}>
        {localName(row)}
      </Text>
      {other ? (
        <Text size="xs" c="dimmed" style={{ overflowWrap: "anywhere" }}>
          <abbr title={en ? t("names.es") : t("names.en")} style={{ textDecoration: "none" }}>
            {en ? t("names.esShort") : t("names.enShort")}
          </abbr>{" "}
          · {other}
        </Text>
      ) : (
        <Text size="xs" c="orange.9" fs="italic">
          {t("names.missingEn")}
        </Text>
      )}
    </div>
  );
}

/**
 * Runs a quick change (a switch, a menu item) with the spec's toasts: '¡Guardado con éxito!' or '¡Error al
 * guardar!' word for word, then the server's reason (e.g. a name already used) on its own.
 */
export async function savedWithToasts(change: () => Promise<unknown>, t: TFunction) {
  try {
    await change();
    toast("success", t("common:messages.saved"));
    return true;
  } catch (error) {
    toast("error", t("common:messages.saveFailed"));
    if ((error as Error).message) toast("error", (error as Error).message);
    return false;
  }
}

/**
 * The active switch of an entry, saved at once with the spec's toasts ('¡Guardado con éxito!'); a badge for
 * readers who may not change it.
 */
export function ActiveSwitch({
  active,
  name,
  onChange,
  feminine,
}: {
  active: boolean;
  /** Names the entry for screen readers ("Conducta: activo"). */
  name: string;
  /** Absent for read-only users. */
  onChange?: (active: boolean) => Promise<unknown>;
  /** "Activa"/"Inactiva" for a category (Spanish agreement). */
  feminine?: boolean;
}) {
  const { t } = useTranslation("incidentsConfig");
  const common = useTranslation().t;
  const [busy, setBusy] = useState(false);
  const label = active
    ? t(feminine ? "status.activeCategory" : "status.active")
    : t(feminine ? "status.inactiveCategory" : "status.inactive");
  if (!onChange) {
    return (
      <Badge variant="light" color={active ? "teal" : "gray"} c="dark.8" radius="sm" tt="none">
        {label}
      </Badge>
    );
  }
  const toggle = async (next: boolean) => {
    setBusy(true);
    await savedWithToasts(() => onChange(next), common);
    setBusy(false);
  };
  return (
    <Switch
      checked={active}
      disabled={busy}
      onChange={(e) => void toggle(e.currentTarget.checked)}
      label={t(feminine ? "status.activeCategory" : "status.active")}
      aria-label={t("status.toggleLabel", { name })}
      color="teal.8"
      size="sm"
    />
  );
}
