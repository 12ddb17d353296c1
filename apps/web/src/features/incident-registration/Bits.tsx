import type { Classification, ObservationKind } from "@convive/domain/core";
import { Avatar, Badge, Paper, Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

/** One part of the form: a titled card (h2 under the layout's h1). */
export function Section({
  title,
  hint,
  children,
  id,
}: {
  title: string;
  hint?: ReactNode;
  children: ReactNode;
  id?: string;
}) {
  return (
    <Paper
      component="section"
      withBorder
      radius="lg"
      p={{ base: "sm", xs: "md" }}
      aria-labelledby={id}
      id={id && `${id}-section`}
    >
      <Stack gap="sm">
        <div>
          <Title order={2} size="h5" id={id}>
            {title}
          </Title>
          {hint && (
            <Text size="sm" c="gray.7" mt={2}>
              {hint}
            </Text>
          )}
        </div>
        {children}
      </Stack>
    </Paper>
  );
}

const CLASSIFICATION_COLORS: Record<Classification, string> = {
  minor: "yellow.3",
  serious: "orange.8",
  "very-serious": "red.9",
};

/** Leve, Grave, Muy grave — one colour each, readable text on it. */
export function ClassificationBadge({ value }: { value: Classification }) {
  const { t } = useTranslation("incidents");
  return (
    <Badge color={CLASSIFICATION_COLORS[value]} autoContrast variant="filled" radius="sm" style={{ flexShrink: 0 }}>
      {t(`classification.${value}`)}
    </Badge>
  );
}

export function KindBadge({ value }: { value: ObservationKind }) {
  const { t } = useTranslation("incidents");
  return (
    <Badge color={value === "positive" ? "teal.9" : "gray.7"} variant="filled" radius="sm" style={{ flexShrink: 0 }}>
      {t(`observationKind.${value}`)}
    </Badge>
  );
}

/** "Ana Sofía Castillo" → "AC". */
export function initials(name: string) {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const first = words[0]?.[0] ?? "";
  const second = words.length > 2 ? words[words.length - 2]![0] : (words[1]?.[0] ?? "");
  return `${first}${second}`.toUpperCase();
}

export function StudentAvatar({ name, photo, size = 40 }: { name: string; photo: string | null; size?: number }) {
  return (
    <Avatar
      src={photo}
      alt=""
      size={size}
      radius="xl"
      color="initials"
      variant="filled"
      autoContrast
      name={name}
      aria-hidden
    >
      {initials(name)}
    </Avatar>
  );
}
