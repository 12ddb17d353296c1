import { Box, Center, Group, Image, Paper, Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { LanguageMenu } from "../../../components/LanguageMenu.tsx";
import { useBranding } from "../api/branding.ts";

/** The frame of every screen outside the layout: school logo, title, the form, and the language switch. */
export function AuthCard({ title, subtitle, children }: { title: string; subtitle?: string; children: ReactNode }) {
  const branding = useBranding();
  return (
    <Box mih="100dvh" bg="var(--convive-bg, #f4f6fa)" p="md">
      {/* A landmark of its own, so nothing on the page sits outside one (axe best practice "region"). */}
      <Group component="header" justify="flex-end">
        <LanguageMenu onSignInScreens />
      </Group>
      <Center mih="calc(100dvh - 80px)">
        <Paper component="main" withBorder shadow="sm" radius="lg" p={{ base: "lg", sm: "xl" }} w="100%" maw={420}>
          <Stack gap="md">
            <Center>
              <Image
                src={branding.data?.logo || "/logo-convive.svg"}
                alt={branding.data?.name ?? "Convive"}
                h={56}
                w="auto"
                fit="contain"
              />
            </Center>
            <div>
              <Title order={1} size="h3" ta="center">
                {title}
              </Title>
              {subtitle && (
                <Text c="dimmed" size="sm" ta="center" mt={4}>
                  {subtitle}
                </Text>
              )}
            </div>
            {children}
          </Stack>
        </Paper>
      </Center>
    </Box>
  );
}
