import { findLayoutRoute } from "@convive/domain/core";
import { Container, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";

/** Placeholder layout: the title of the screen the guard let through. */
export default function Layout() {
  const { t } = useTranslation();
  const route = findLayoutRoute(useLocation().pathname);
  return (
    <Container py="xl">
      <Title order={1}>{route ? t(route.titleKey) : ""}</Title>
      <Text c="dimmed">Convive</Text>
    </Container>
  );
}
