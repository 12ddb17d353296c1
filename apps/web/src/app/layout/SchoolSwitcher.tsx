import type { UserPayload } from "@convive/domain";
import { Avatar, Image, Loader, Menu, Text, UnstyledButton, VisuallyHidden } from "@mantine/core";
import { IconCheck, IconSchool, IconSelector } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { switchSchool } from "../../features/auth/api/switch-school.ts";
import { toast } from "../../lib/toast.ts";
import classes from "./SchoolSwitcher.module.css";

export const DEFAULT_LOGO = "/logo-convive.svg";

interface SchoolSwitcherProps {
  user: UserPayload;
  schoolId: string | null;
  /** The selected school's information, once loaded (name and logo as the school last saved them). */
  logo: string | null | undefined;
  schoolName: string | undefined;
  /** "header" on the white bar (the name beside the logo unless `compact`); "sidebar" in the mobile drawer. */
  tone: "header" | "sidebar";
  /** Phone header: the logo alone (the name only in the accessible name), or, for a member of several schools, a small logo and the name. */
  compact?: boolean;
  onSwitched?: () => void;
}

/**
 * The school the user is in, by logo and name (spec §2 header; issue 12 §3). A member of several active schools
 * opens a menu of them here and moves to another one without signing out.
 */
export function SchoolSwitcher({ user, schoolId, logo, schoolName, tone, compact, onSwitched }: SchoolSwitcherProps) {
  const { t } = useTranslation("layout");
  const navigate = useNavigate();
  const [entering, setEntering] = useState<string | null>(null);
  const schools = user.schools.filter((s) => s.is_active);
  const current = user.schools.find((s) => s.id === schoolId);
  const name = schoolName ?? current?.name;
  const schoolLogo = logo === undefined ? current?.logo : logo;
  const several = schools.length >= 2;
  // The phone header names the school too when the user has several (issue 26 §6): a logo alone (often the
  // default one) does not say which of them they are in.
  const named = Boolean(compact && several && name);
  const showName = Boolean(name) && (!compact || named);
  const brand = (
    <>
      {tone === "sidebar" || named ? (
        // On the school's colour the wide default logo would not read: the school's own logo or a school icon.
        <Avatar
          src={schoolLogo || null}
          alt=""
          size={named ? 28 : 36}
          radius="md"
          color="gray"
          variant={named ? "light" : "white"}
        >
          <IconSchool size={named ? 16 : 20} aria-hidden />
        </Avatar>
      ) : (
        <Image
          src={schoolLogo || DEFAULT_LOGO}
          // The visible name says it; alone (phone header, root) the logo carries the name.
          alt={showName ? "" : (name ?? t("common:appName"))}
          h={compact ? 32 : 40}
          w="auto"
          maw={compact ? 96 : 140}
          fit="contain"
          className={classes.logo}
        />
      )}
      {showName && (
        <Text size={named ? "xs" : "sm"} fw={600} lh={1.2} lineClamp={2} className={classes.name}>
          {name}
        </Text>
      )}
    </>
  );

  if (schools.length < 2 || !name) {
    return (
      <div className={classes.school} data-tone={tone} data-compact={named || undefined}>
        {brand}
      </div>
    );
  }

  const choose = async (id: string) => {
    if (id === schoolId || entering) return;
    setEntering(id);
    try {
      await switchSchool(id, (to) => navigate(to));
      onSwitched?.();
    } catch (error) {
      toast("error", (error as Error).message);
    } finally {
      setEntering(null);
    }
  };

  return (
    // Inside the header's landmark (not portalled to the end of the page), so the open menu belongs to it; only
    // menu items inside the menu (no focus placeholder, which a menu may not hold).
    <Menu position="bottom-start" shadow="md" width={300} withinPortal={false} withInitialFocusPlaceholder={false}>
      <Menu.Target>
        <UnstyledButton
          className={classes.school}
          data-tone={tone}
          data-compact={named || undefined}
          data-button
          aria-busy={entering !== null}
        >
          {/* The name comes from this text, which contains the visible name (WCAG 2.5.3 label in name). */}
          <VisuallyHidden>{t("school.switchLabel", { name })}</VisuallyHidden>
          <span className={classes.brand} aria-hidden>
            {brand}
          </span>
          {entering ? (
            <Loader size={14} className={classes.chevron} aria-hidden />
          ) : (
            <IconSelector size={16} aria-hidden className={classes.chevron} />
          )}
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        {schools.map((s) => {
          const here = s.id === schoolId;
          return (
            <Menu.Item
              key={s.id}
              onClick={() => void choose(s.id)}
              aria-current={here ? "true" : undefined}
              leftSection={
                <Avatar src={s.logo} alt="" size={30} radius="sm" color="gray">
                  <IconSchool size={18} aria-hidden />
                </Avatar>
              }
              rightSection={here ? <IconCheck size={16} aria-hidden /> : null}
              fw={here ? 700 : undefined}
            >
              {s.name}
              {here && <VisuallyHidden>{` (${t("school.current")})`}</VisuallyHidden>}
            </Menu.Item>
          );
        })}
      </Menu.Dropdown>
    </Menu>
  );
}
