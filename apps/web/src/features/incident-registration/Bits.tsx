import type { Classification, ObservationKind } from "@convive/domain/core";
import { Avatar, Badge, Paper, Stack, Text, Title } from "@mantine/core";
import { IconAlertTriangle, IconCircleFilled, IconSquareRoundedFilled } from "@tabler/icons-react";
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

/**
 * Light backgrounds with dark text of the same hue (above 4.5:1) and one, two or three marks besides the colour —
 * the same look as the archive's badges, so a "Grave" reads the same everywhere.
 */
const SEVERITY: Record<Classification, { color: string; c: string }> = {
  minor: { color: "yellow", c: "#6b4a00" },
  serious: { color: "orange", c: "#8a3a00" },
  "very-serious": { color: "red", c: "#a11a1a" },
};

/** Leve, Grave, Muy grave. */
export function ClassificationBadge({ value }: { value: Classification }) {
  const { t } = useTranslation("incidents");
  const icon =
    value === "very-serious" ? (
      <IconAlertTriangle size={12} aria-hidden />
    ) : value === "serious" ? (
      <IconSquareRoundedFilled size={9} aria-hidden />
    ) : (
      <IconCircleFilled size={8} aria-hidden />
    );
  return (
    <Badge
      variant="light"
      size="sm"
      radius="sm"
      tt="none"
      leftSection={icon}
      {...SEVERITY[value]}
      style={{ flexShrink: 0 }}
    >
      {t(`classification.${value}`)}
    </Badge>
  );
}

export function KindBadge({ value }: { value: ObservationKind }) {
  const { t } = useTranslation("incidents");
  return (
    <Badge
      variant="light"
      size="sm"
      radius="sm"
      tt="none"
      color={value === "positive" ? "teal" : "gray"}
      c={value === "positive" ? "#056b4d" : "gray.8"}
      style={{ flexShrink: 0 }}
    >
      {t(`observationKind.${value}`)}
    </Badge>
  );
}

const PARTICLES = new Set(["de", "del", "la", "las", "los", "y"]);

/**
 * Initials from "names paternal maternal": the first name and the paternal surname (the second-to-last word
 * that is not a particle), so "Bruno Cervantes De la Cruz" reads "BC".
 */
export function initials(name: string) {
  const words = name
    .trim()
    .split(/\s+/)
    .filter((w) => w && !PARTICLES.has(w.toLocaleLowerCase()));
  const first = words[0]?.[0] ?? "";
  const second = words.length > 2 ? words[words.length - 2]![0] : (words[1]?.[0] ?? "");
  return `${first}${second}`.toUpperCase();
}

/** Dark shades only, so white initials stay readable (WCAG AA) on every one. */
const AVATAR_COLORS = ["blue.8", "grape.8", "teal.9", "violet.9", "red.9", "indigo.8", "cyan.9", "pink.9", "gray.8"];
const avatarColor = (name: string) => {
  let hash = 0;
  for (const ch of name) hash = (hash * 31 + (ch.codePointAt(0) ?? 0)) >>> 0;
  return AVATAR_COLORS[hash % AVATAR_COLORS.length]!;
};

export function StudentAvatar({ name, photo, size = 40 }: { name: string; photo: string | null; size?: number }) {
  return (
    <Avatar src={photo} alt="" size={size} radius="xl" color={avatarColor(name)} variant="filled" aria-hidden>
      {initials(name)}
    </Avatar>
  );
}
