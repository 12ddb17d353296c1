import type { IncidentCategory, IncidentType } from "@convive/domain";
import { Accordion, Alert, Button, Group as Row, Stack, Text } from "@mantine/core";
import { IconCategory, IconInfoCircle, IconPlus } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useConfirm } from "../../../components/ConfirmDialog.tsx";
import { EmptyState } from "../../../components/EmptyState.tsx";
import { QueryState } from "../../../components/QueryState.tsx";
import { useAccess } from "../shared/access.ts";
import { savedWithToasts, useLocalName } from "../shared/catalogue.tsx";
import { useRefreshAll } from "../shared/keys.ts";
import { MasterConfigurationPage } from "../shared/MasterConfigurationPage.tsx";
import { deleteCategory, deleteType, updateCategory, updateType, useIncidentCategories } from "./api.ts";
import { CategoryForm } from "./CategoryForm.tsx";
import { type CategoryActions, CategoryItem } from "./CategoryItem.tsx";
import { TypeForm } from "./TypeForm.tsx";

/**
 * master-configuration/incidents-configurator: categories (an accordion, one card per type inside) with their
 * types' classification, points, family notice and formative guidelines. Used entries are deactivated, not
 * deleted: the delete of a used one offers to deactivate it instead.
 */
export default function IncidentsConfiguratorPage() {
  const { t } = useTranslation(["incidentsConfig", "incidents"]);
  const access = useAccess();
  const canWrite = access.can("master-configuration-incident-configurator", "update");
  const categories = useIncidentCategories();
  const refresh = useRefreshAll();
  const confirm = useConfirm();
  const localName = useLocalName();
  const [open, setOpen] = useState<string[] | null>(null);
  const [categoryForm, setCategoryForm] = useState<{ category: IncidentCategory | null } | null>(null);
  const [typeForm, setTypeForm] = useState<{ type: IncidentType | null; categoryId: number } | null>(null);

  const list = categories.data ?? [];
  // The first category starts open; afterwards the user's choice stands.
  const expanded = open ?? (list[0] ? [String(list[0].id)] : []);
  const saved = { successMessage: t("common:messages.saved"), failureMessage: t("common:messages.saveFailed") };

  const setCategoryActive = async (category: IncidentCategory, active: boolean) => {
    await updateCategory(category.id, { is_active: active });
    await refresh();
  };
  const setTypeActive = async (type: IncidentType, active: boolean) => {
    await updateType(type.id, { is_active: active });
    await refresh();
  };

  /** Swaps a category with its neighbour; every category whose place changed gets its new order. */
  const move = (index: number, delta: -1 | 1) =>
    savedWithToasts(async () => {
      const next = [...list];
      const [moved] = next.splice(index, 1);
      next.splice(index + delta, 0, moved!);
      await Promise.all(next.flatMap((c, i) => (c.order === i + 1 ? [] : [updateCategory(c.id, { order: i + 1 })])));
      await refresh();
    }, t);

  const removeCategory = (category: IncidentCategory) => {
    const name = localName(category);
    if (category.types.length > 0) {
      return confirm.ask({
        title: t("categories.inUseTitle", { name }),
        message: t("categories.inUseMessage", { count: category.types.length }),
        confirmLabel: t("actions.deactivate"),
        action: () => setCategoryActive(category, false),
        ...saved,
      });
    }
    confirm.ask({
      title: t("categories.deleteTitle", { name }),
      message: t("categories.deleteMessage", { name }),
      confirmLabel: t("actions.delete"),
      danger: true,
      action: async () => {
        await deleteCategory(category.id);
        await refresh();
      },
    });
  };

  const removeType = (type: IncidentType) => {
    const name = localName(type);
    if (type.incidents_count > 0) {
      return confirm.ask({
        title: t("types.inUseTitle", { name }),
        message: t("types.inUseMessage", { count: type.incidents_count }),
        confirmLabel: t("actions.deactivate"),
        action: () => setTypeActive(type, false),
        ...saved,
      });
    }
    confirm.ask({
      title: t("types.deleteTitle", { name }),
      message: t("types.deleteMessage", { name }),
      confirmLabel: t("actions.delete"),
      danger: true,
      action: async () => {
        await deleteType(type.id);
        await refresh();
      },
    });
  };

  const actionsFor = (category: IncidentCategory, index: number): CategoryActions | undefined =>
    canWrite
      ? {
          edit: () => setCategoryForm({ category }),
          remove: () => removeCategory(category),
          setActive: (active) => setCategoryActive(category, active),
          moveUp: index > 0 ? () => void move(index, -1) : undefined,
          moveDown: index < list.length - 1 ? () => void move(index, 1) : undefined,
          addType: () => setTypeForm({ type: null, categoryId: category.id }),
          editType: (type) => setTypeForm({ type, categoryId: category.id }),
          removeType,
          setTypeActive,
        }
      : undefined;

  const newCategory = canWrite && (
    <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setCategoryForm({ category: null })}>
      {t("categories.new")}
    </Button>
  );

  return (
    <MasterConfigurationPage>
      <Stack gap="md">
        <Row justify="space-between" align="flex-end" gap="sm" wrap="wrap">
          <Text size="sm" c="gray.7" maw={720} style={{ flex: "1 1 320px" }}>
            {t("categories.intro")}
          </Text>
          {list.length > 0 && newCategory}
        </Row>
        {!canWrite && categories.data && (
          <Alert variant="light" color="blue" icon={<IconInfoCircle size={18} aria-hidden />}>
            {t("readOnly")}
          </Alert>
        )}
        <QueryState query={categories} />
        {categories.data && list.length === 0 && (
          <EmptyState
            icon={<IconCategory size={28} />}
            title={t("categories.emptyTitle")}
            description={canWrite ? t("categories.emptyDescription") : t("categories.emptyReadOnly")}
            action={newCategory}
          />
        )}
        {list.length > 0 && (
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
        )}
      </Stack>
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
