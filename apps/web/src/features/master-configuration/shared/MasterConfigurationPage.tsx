import { Stack } from "@mantine/core";
import type { ReactNode } from "react";
import { MasterConfigurationNav } from "./MasterConfigurationNav.tsx";
import { SetupNextStep } from "./SetupNextStep.tsx";

/**
 * Frame of every master-configuration child: the sub-navigation, the next setup step while the school is being set
 * up, then the screen (the layout shows the title).
 */
export function MasterConfigurationPage({ children }: { children: ReactNode }) {
  return (
    <Stack gap="lg" maw={1200}>
      <MasterConfigurationNav />
      <SetupNextStep />
      {children}
    </Stack>
  );
}
