import type { UserPayload } from "@convive/domain";
import { localName, PATHS, ROOT_ROLE_LABEL } from "@convive/domain/core";
import { Avatar, Text, UnstyledButton, VisuallyHidden } from "@mantine/core";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import classes from "./UserBlock.module.css";

export const DEFAULT_AVATAR = "/avatar-default.svg";

/** First name plus paternal surname (spec §2 Layout). */
export const displayName = (user: Pick<UserPayload, "first_name" | "paternal_surname">) =>
  [user.first_name, user.paternal_surname].filter(Boolean).join(" ");

/**
 * The first role in the school in the reader's language ("Docente" / "Teacher", issue 12 §6); root reads
 * "Super Administrador" (spec §9), translated in English.
 */
export function roleLabel(user: Pick<UserPayload, "root" | "roles">, t: TFunction, language: string): string {
  if (user.root === 1) return t("layout:rootRole", { defaultValue: ROOT_ROLE_LABEL });
  const role = user.roles?.[0];
  return role ? localName(role, language) : "";
}

interface UserBlockProps {
  user: UserPayload;
  /** "header" on the white bar; "sidebar" on the school's colour 1 (mobile drawer). */
  tone: "header" | "sidebar";
  onNavigate?: () => void;
}

/** Avatar, name and role; opens /account (spec §2: the account screen is reached by clicking it). */
export function UserBlock({ user, tone, onNavigate }: UserBlockProps) {
  const { t, i18n } = useTranslation();
  const name = displayName(user);
  const role = roleLabel(user, t, i18n.resolvedLanguage ?? "es");
  return (
    <UnstyledButton component={Link} to={PATHS.account} onClick={onNavigate} className={classes.block} data-tone={tone}>
      {/* The name comes from this text, not an aria-label, so it contains the visible words as they read
          (WCAG 2.5.3 label in name: a speech user says "Mariana Robles"). */}
      <VisuallyHidden>{t("layout:header.account", { name, role })}</VisuallyHidden>
      <Avatar src={user.imageProfile || DEFAULT_AVATAR} alt="" radius="xl" size={tone === "sidebar" ? 44 : 38} />
      <div className={classes.text} aria-hidden>
        <Text size="sm" fw={600} lh={1.25} className={classes.name} truncate="end">
          {name}
        </Text>
        {role && (
          <Text size="xs" lh={1.25} className={classes.role} truncate="end">
            {role}
          </Text>
        )}
      </div>
    </UnstyledButton>
  );
}
