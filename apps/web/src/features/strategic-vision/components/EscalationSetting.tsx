import { Button, NumberInput, Popover, Stack, Text } from "@mantine/core";
import { IconSettings } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useSaveEscalationDays } from "../api/strategic-vision.ts";

/** The director's setting beside the escalated list: after how many days an open incident escalates. */
export function EscalationSetting({ days }: { days: number }) {
  const { t } = useTranslation("strategicVision");
  const [opened, setOpened] = useState(false);
  const [value, setValue] = useState<number | string>(days);
  const save = useSaveEscalationDays({
    success: t("settings.saved"),
    failure: (error) => error.message || t("settings.failed"),
  });
  const valid = typeof value === "number" && Number.isInteger(value) && value >= 1 && value <= 365;
  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-end" withArrow trapFocus>
      <Popover.Target>
        <Button
          size="compact-xs"
          variant="subtle"
          color="gray"
          c="dark.6"
          leftSection={<IconSettings size={14} aria-hidden />}
          onClick={() => {
            setValue(days);
            setOpened((o) => !o);
          }}
        >
          {t("settings.button")}
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (!valid) return;
            void save.submit(value, () => setOpened(false));
          }}
        >
          <Stack gap="xs" maw={260}>
            <NumberInput
              label={t("settings.days")}
              description={t("settings.help")}
              min={1}
              max={365}
              allowDecimal={false}
              value={value}
              onChange={setValue}
              error={valid ? undefined : t("settings.range")}
              data-autofocus
            />
            <Text size="xs" c="dimmed">
              {t("settings.who")}
            </Text>
            <Button type="submit" size="xs" loading={save.busy} disabled={!valid}>
              {t("settings.save")}
            </Button>
          </Stack>
        </form>
      </Popover.Dropdown>
    </Popover>
  );
}
