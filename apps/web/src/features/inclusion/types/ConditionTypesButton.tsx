import { Button, type ButtonProps } from "@mantine/core";
import { IconListDetails } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useCurrentUser } from "../../auth/index.ts";
import { ConditionTypesModal } from "./ConditionTypesModal.tsx";

/**
 * "Condition types": opens the school's list of condition types (physical, visual, intellectual and its own, es/en)
 * to add, rename or switch off. Shown only to inclusion.update holders (the server refuses anyone else).
 */
export function ConditionTypesButton(props: ButtonProps) {
  const { t } = useTranslation("inclusion");
  const permissions = useCurrentUser().data?.permissions ?? [];
  const [open, setOpen] = useState(false);
  if (!permissions.includes("inclusion.update")) return null;
  return (
    <>
      <Button
        variant="default"
        leftSection={<IconListDetails size={16} aria-hidden />}
        onClick={() => setOpen(true)}
        {...props}
      >
        {t("types.button")}
      </Button>
      {open && <ConditionTypesModal onClose={() => setOpen(false)} />}
    </>
  );
}
