import { Group, Stack, Text, ThemeIcon, UnstyledButton } from "@mantine/core";
import { IconFileUpload } from "@tabler/icons-react";
import { type DragEvent, type ReactNode, useId, useRef, useState } from "react";
import classes from "./DropArea.module.css";

/**
 * A drop zone that is also a button: click (or Enter/Space) opens the file picker; files can be dropped on it.
 * The hidden input keeps the browser's own file dialog and accessibility.
 */
export function DropArea({
  accept,
  multiple,
  label,
  hint,
  onFiles,
  disabled,
  children,
}: {
  accept: string;
  multiple?: boolean;
  label: string;
  hint?: string;
  onFiles: (files: File[]) => void;
  disabled?: boolean;
  children?: ReactNode;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const hintId = useId();

  const drop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    if (disabled) return;
    const files = [...event.dataTransfer.files];
    if (files.length > 0) onFiles(multiple ? files : files.slice(0, 1));
  };

  return (
    <>
      <UnstyledButton
        className={classes.area}
        data-over={over || undefined}
        data-disabled={disabled || undefined}
        disabled={disabled}
        onClick={() => input.current?.click()}
        onDragOver={(e) => {
          e.preventDefault();
          if (!disabled) setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={drop}
        aria-describedby={hint ? hintId : undefined}
      >
        <Group gap="md" wrap="nowrap" justify="center">
          <ThemeIcon size={44} radius="xl" variant="light" aria-hidden>
            <IconFileUpload size={24} />
          </ThemeIcon>
          <Stack gap={2} miw={0}>
            <Text fw={600} size="sm">
              {label}
            </Text>
            {hint && (
              <Text size="xs" c="gray.7" id={hintId}>
                {hint}
              </Text>
            )}
            {children}
          </Stack>
        </Group>
      </UnstyledButton>
      <input
        ref={input}
        type="file"
        accept={accept}
        multiple={multiple}
        hidden
        tabIndex={-1}
        aria-hidden
        onChange={(e) => {
          const files = [...(e.currentTarget.files ?? [])];
          e.currentTarget.value = "";
          if (files.length > 0) onFiles(files);
        }}
      />
    </>
  );
}
