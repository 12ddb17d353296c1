import { type LayoutRoute, normalisePath } from "@convive/domain/core";
import { Box, Menu, NativeSelect, OverflowList } from "@mantine/core";
import { IconChevronDown } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link, useLocation, useNavigate } from "react-router";
import { useAccess } from "./access.ts";
import classes from "./MasterConfigurationNav.module.css";

/**
 * Moves between the master-configuration children the user may open (the route guard's own rule). On a
 * desktop the children are tabs, those that do not fit go under "More"; on a phone a native select.
 */
export function MasterConfigurationNav() {
  const { t } = useTranslation("masterConfiguration");
  const { children } = useAccess();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const current = normalisePath(pathname);
  const isActive = (r: LayoutRoute) => r.path.toLowerCase() === current;

  if (children.length < 2) return null;
  const label = t("nav.label");

  return (
    <>
      <NativeSelect
        hiddenFrom="sm"
        label={t("nav.select")}
        value={`/${children.find(isActive)?.path ?? ""}`}
        onChange={(e) => navigate(e.currentTarget.value)}
        data={children.map((r) => ({ value: `/${r.path}`, label: t(`shell:${r.titleKey}`) }))}
      />
      <Box component="nav" aria-label={label} visibleFrom="sm" className={classes.bar}>
        <OverflowList
          gap={0}
          data={children}
          getItemKey={(r) => r.path}
          renderItem={(r) => (
            <Link
              to={`/${r.path}`}
              className={classes.tab}
              data-active={isActive(r) || undefined}
              aria-current={isActive(r) ? "page" : undefined}
            >
              {t(`shell:${r.titleKey}`)}
            </Link>
          )}
          renderOverflow={(rest) => (
            <Box>
              <Menu position="bottom-end" shadow="md" width={260}>
                <Menu.Target>
                  <button type="button" className={classes.tab} data-active={rest.some(isActive) || undefined}>
                    {t("nav.more", { count: rest.length })}
                    <IconChevronDown size={14} aria-hidden />
                  </button>
                </Menu.Target>
                <Menu.Dropdown>
                  {rest.map((r) => (
                    <Menu.Item
                      key={r.path}
                      component={Link}
                      to={`/${r.path}`}
                      fw={isActive(r) ? 700 : undefined}
                      aria-current={isActive(r) ? "page" : undefined}
                    >
                      {t(`shell:${r.titleKey}`)}
                    </Menu.Item>
                  ))}
                </Menu.Dropdown>
              </Menu>
            </Box>
          )}
        />
      </Box>
    </>
  );
}
