import type { ObservationType } from "@convive/domain";
import { IconStar } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useConfirm } from "../../../components/ConfirmDialog.tsx";
import { useAccess } from "../shared/access.ts";
import { askRemove, CatalogueFrame } from "../shared/CatalogueFrame.tsx";
import { useLocalName } from "../shared/catalogue.tsx";
import { byLabel } from "../shared/format.ts";
import { MasterConfigurationPage } from "../shared/MasterConfigurationPage.tsx";
import { useDeleteObservationType, useObservationTypes, useSetObservationTypeActive } from "./api.ts";
import { ObservationTypeForm } from "./ObservationTypeForm.tsx";
import { ObservationTypesList } from "./ObservationTypesList.tsx";

/**
 * master-configuration/observations-configurator: the accompaniment observation types, positive or neutral, with
 * their points. A used type is deactivated, not deleted.
 */
export default function ObservationsConfiguratorPage() {
  const { t, i18n } = useTranslation("incidentsConfig");
  const access = useAccess();
  const canWrite = access.can("master-configuration-incident-configurator", "update");
  const types = useObservationTypes();
  const setActive = useSetObservationTypeActive();
  const deleteType = useDeleteObservationType();
  const confirm = useConfirm();
  const localName = useLocalName();
  const [editing, setEditing] = useState<{ type: ObservationType | null } | null>(null);
  const compare = byLabel(i18n.resolvedLanguage ?? "es");
  // Positive first (as the server sends them), then by the name the reader sees.
  const list = [...(types.data ?? [])].sort((a, b) =>
    a.kind === b.kind ? compare(localName(a), localName(b)) : a.kind === "positive" ? -1 : 1,
  );
  const toggle = (type: ObservationType, active: boolean) => setActive.run({ id: type.id, active });
  const remove = (type: ObservationType) =>
    askRemove(confirm, t, {
      keys: "observations",
      name: localName(type),
      used: type.observations_count,
      deactivate: () => toggle(type, false),
      remove: () => deleteType.run(type.id),
    });

  return (
    <MasterConfigurationPage>
      <CatalogueFrame
        keys="observations"
        canWrite={canWrite}
        query={types}
        count={list.length}
        onNew={() => setEditing({ type: null })}
        emptyIcon={<IconStar size={28} />}
      >
        <ObservationTypesList
          types={list}
          onEdit={canWrite ? (type) => setEditing({ type }) : undefined}
          onDelete={canWrite ? remove : undefined}
          onToggle={canWrite ? toggle : undefined}
        />
      </CatalogueFrame>
      {editing && <ObservationTypeForm type={editing.type} onClose={() => setEditing(null)} />}
      {confirm.dialog}
    </MasterConfigurationPage>
  );
}
