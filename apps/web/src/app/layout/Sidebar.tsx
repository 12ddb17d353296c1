import { ScrollArea, Tooltip, UnstyledButton } from "@mantine/core";
import { IconLogout } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { MENU_ICONS } from "./icons.ts";
import { isItemActive, type MenuItem } from "./menu.ts";
import classes from "./Sidebar.module.css";

interface SidebarProps {
  items: readonly MenuItem[];
  pathname: string;
  /** Icons only, labels in tooltips (desktop, collapsed). */
  rail: boolean;
  onChoose: () => void;
  onLogout: () => void;
  /** Shown above the items: the user block and counter of the mobile version. */
  top?: ReactNode;
}

/** The menu column. Its colours come from the CSS variables set by the layout (see contrast.ts). */
export function Sidebar({ items, pathname, rail, onChoose, onLogout, top }: SidebarProps) {
  const { t } = useTranslation(["common", "shell"]);
  const entry = (key: string, label: string, body: ReactNode) =>
    rail ? (
      <Tooltip key={key} label={label} position="right" withArrow>
        {body}
      </Tooltip>
    ) : (
      body
    );

  return (
    <nav className={classes.nav} aria-label={t("layout:sidebar.label")} data-rail={rail || undefined}>
      {top}
      <ScrollArea className={classes.scroll} type="auto" scrollbarSize={6}>
        <ul className={classes.list}>
          {items.map((item) => {
            const Icon = MENU_ICONS[item.key];
            const label = t(item.labelKey);
            const active = isItemActive(item, pathname);
            return (
              <li key={item.key}>
                {entry(
                  item.key,
                  label,
                  <Link
                    to={item.to}
                    className={classes.link}
                    data-active={active || undefined}
                    aria-current={active ? "page" : undefined}
                    onClick={onChoose}
                  >
                    <Icon size={22} stroke={1.7} aria-hidden className={classes.icon} />
                    <span className={classes.label}>{label}</span>
                  </Link>,
                )}
              </li>
            );
          })}
        </ul>
      </ScrollArea>
      <div className={classes.footer}>
        {entry(
          "logout",
          t("menu.logout"),
          <UnstyledButton className={classes.link} onClick={onLogout}>
            <IconLogout size={22} stroke={1.7} aria-hidden className={classes.icon} />
            <span className={classes.label}>{t("menu.logout")}</span>
          </UnstyledButton>,
        )}
      </div>
    </nav>
  );
}
