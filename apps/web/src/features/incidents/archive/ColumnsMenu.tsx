import { Button, Checkbox, Popover, Stack } from "@mantine/core";
import { IconColumns3 } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { ARCHIVE_COLUMNS, type ArchiveColumn } from "./columns.ts";

interface Props {
  visible: readonly ArchiveColumn[];
  /** Whether the reader chose them (else the defaults for the window's width show). */
  chosen: boolean;
  onChoose: (columns: ArchiveColumn[]) => void;
  onReset: () => void;
}

/** "Columnas": which columns the archive's table shows, remembered for the reader (columns.ts). */
export function ColumnsMenu({ visible, chosen, onChoose, onReset }: Props) {
  const { t } = useTranslation("archive");
  return (
    <Popover position="bottom-end" shadow="md" withinPortal trapFocus>
      <Popover.Target>
        <Button variant="default" leftSection={<IconColumns3 size={18} aria-hidden />} style={{ flexShrink: 0 }}>
          {t("columns.button")}
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="sm">
          <Checkbox.Group
            label={t("columns.label")}
            value={[...visible]}
            // At least one column beside the folio: the last one cannot be unticked.
            onChange={(value) => value.length > 0 && onChoose(value as ArchiveColumn[])}
          >
            <Stack gap={8} mt="xs">
              {ARCHIVE_COLUMNS.map((column) => (
                <Checkbox key={column} value={column} label={t(`results.${column}`)} />
              ))}
            </Stack>
          </Checkbox.Group>
          <Button size="compact-sm" variant="subtle" color="gray.8" c="gray.8" onClick={onReset} disabled={!chosen}>
            {t("columns.reset")}
          </Button>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
