import type { IncidentCategory, IncidentType } from "@convive/domain";
import { Accordion } from "@mantine/core";
import { IconCategory } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useConfirm } from "../../../components/ConfirmDialog.tsx";
import { useAccess } from "../shared/access.ts";
import { askRemove, CatalogueFrame } from "../shared/CatalogueFrame.tsx";
import { savedWithToasts, useLocalName } from "../shared/catalogue.tsx";
import { MasterConfigurationPage } from "../shared/MasterConfigurationPage.tsx";
import {
  useDeleteCategory,
  useDeleteType,
  useIncidentCategories,
  useReorderCategories,
  useSetCategoryActive,
  useSetTypeActive,
} from "./api.ts";
import { CategoryForm } from "./CategoryForm.tsx";
import { type CategoryActions, CategoryItem } from "./CategoryItem.tsx";
import { ProtocolsSection } from "./ProtocolsSection.tsx";
import { TypeForm } from "./TypeForm.tsx";

/**
 * master-configuration/incidents-configurator: categories (an accordion, one card per type inside) with their
 * types' classification, points, family notice and formative guidelines. Used entries are deactivated, not
 * deleted: the delete of a used one offers to deactivate it instead. Below them, the protocols a type may follow.
 */
export default function IncidentsConfiguratorPage() {
  const { t } = useTranslation(["incidentsConfig", "incidents"]);
  const access = useAccess();
  const canWrite = access.can("master-configuration-incident-configurator", "update");
  const categories = useIncidentCategories();
  const setCategoryActive = useSetCategoryActive();
  const setTypeActive = useSetTypeActive();
  const deleteCategory = useDeleteCategory();
  const deleteType = useDeleteType();
  const reorder = useReorderCategories();
  const confirm = useConfirm();
  const localName = useLocalName();
  const [open, setOpen] = useState<string[] | null>(null);
  const [categoryForm, setCategoryForm] = useState<{ category: IncidentCategory | null } | null>(null);
  const [typeForm, setTypeForm] = useState<{ type: IncidentType | null; categoryId: number } | null>(null);

  const list = categories.data ?? [];
  // The first category starts open; afterwards the user's choice stands.
  const expanded = open ?? (list[0] ? [String(list[0].id)] : []);
  const toggleCategory = (category: IncidentCategory, active: boolean) =>
    setCategoryActive.run({ id: category.id, active });
  const toggleType = (type: IncidentType, active: boolean) => setTypeActive.run({ id: type.id, active });

  /** Swaps a category with its neighbour; every category whose place changed gets its new order. */
  const move = (index: number, delta: -1 | 1) =>
    savedWithToasts(() => {
      const next = [...list];
      const [moved] = next.splice(index, 1);
      next.splice(index + delta, 0, moved!);
      return reorder.run(next);
    }, t);

  const removeCategory = (category: IncidentCategory) =>
    askRemove(confirm, t, {
      keys: "categories",
      name: localName(category),
      used: category.types.length,
      deactivate: () => toggleCategory(category, false),
      remove: () => deleteCategory.run(category.id),
    });
  const removeType = (type: IncidentType) =>
    askRemove(confirm, t, {
      keys: "types",
      name: localName(type),
      used: type.incidents_count,
      deactivate: () => toggleType(type, false),
      remove: () => deleteType.run(type.id),
    });

  const actionsFor = (category: IncidentCategory, index: number): CategoryActions | undefined =>
    canWrite
      ? {
          edit: () => setCategoryForm({ category }),
          remove: () => removeCategory(category),
          setActive: (active) => toggleCategory(category, active),
          moveUp: index > 0 ? () => void move(index, -1) : undefined,
          moveDown: index < list.length - 1 ? () => void move(index, 1) : undefined,
          addType: () => setTypeForm({ type: null, categoryId: category.id }),
          editType: (type) => setTypeForm({ type, categoryId: category.id }),
          removeType,
          setTypeActive: toggleType,
        }
      : undefined;

  return (
    <MasterConfigurationPage>
      <CatalogueFrame
        keys="categories"
        canWrite={canWrite}
        query={categories}
        count={list.length}
        onNew={() => setCategoryForm({ category: null })}
        emptyIcon={<IconCategory size={28} />}
      >
        <Accordion
          multiple
          variant="separated"
          radius="lg"
          order={2}
          value={expanded}
          onChange={setOpen}
          chevronPosition="left"
        >
          {list.map((category, index) => (
            <CategoryItem key={category.id} category={category} on={actionsFor(category, index)} />
          ))}
        </Accordion>
      </CatalogueFrame>
      {/* Issue 30 §2: protocols (the bullying protocol) under the catalogue, guarded by the same permissions. */}
      <ProtocolsSection
        canWrite={canWrite}
        typeNames={new Map(list.flatMap((c) => c.types).map((ty) => [ty.id, localName(ty)]))}
      />
      {categoryForm && (
        <CategoryForm
          category={categoryForm.category}
          onClose={() => setCategoryForm(null)}
          onCreated={(c) => setOpen([...expanded, String(c.id)])}
        />
      )}
      {typeForm && (
        <TypeForm
          type={typeForm.type}
          categoryId={typeForm.categoryId}
          categories={list}
          onClose={() => setTypeForm(null)}
        />
      )}
      {confirm.dialog}
    </MasterConfigurationPage>
  );
}
