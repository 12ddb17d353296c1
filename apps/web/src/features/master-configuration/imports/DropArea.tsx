import { Group, Stack, Text, ThemeIcon } from "@mantine/core";
import { Dropzone } from "@mantine/dropzone";
import { IconFileUpload } from "@tabler/icons-react";
import { type ReactNode, useId } from "react";
import classes from "./DropArea.module.css";

/** "a,b/c,.d" (an <input accept>) as react-dropzone's map: MIME types as keys, extensions under the first one. */
function acceptMap(accept: string): Record<string, string[]> {
  const parts = accept.split(",").map((p) => p.trim());
  const types = parts.filter((p) => p.includes("/"));
  const extensions = parts.filter((p) => p.startsWith("."));
  return Object.fromEntries(types.map((type, i) => [type, i === 0 ? extensions : []]));
}

/**
 * A drop zone that is also a button (@mantine/dropzone): click, Enter or Space opens the file picker; files can be
 * dropped on it. Files of another type are handed on too, so the screen's own checks say what is wrong (the
 * dropzone would refuse them silently). Our stylesheet draws it, so Mantine's dropzone CSS is not imported.
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
  const hintId = useId();
  return (
    <Dropzone
      className={classes.area}
      accept={acceptMap(accept)}
      multiple={multiple}
      disabled={disabled}
      onDrop={() => {}}
      onDropAny={(accepted, rejected) => {
        const files = [...accepted, ...rejected.map((r) => r.file)];
        if (files.length > 0) onFiles(multiple ? files : files.slice(0, 1));
      }}
      role="button"
      aria-disabled={disabled || undefined}
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
    </Dropzone>
  );
}
