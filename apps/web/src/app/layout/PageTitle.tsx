import { Group, Title } from "@mantine/core";
import { HelpButton } from "../../features/help-videos/HelpButton.tsx";

/** The screen's navigation title as the page's one h1, with the help videos of that screen beside it. */
export function PageTitle({ title, path, size = "h3" }: { title: string; path: string; size?: "h2" | "h3" }) {
  // In the header the title keeps to one line (the full text stays in the DOM); in the content it may wrap.
  const inHeader = size === "h3";
  return (
    <Group gap={4} wrap="nowrap" miw={0}>
      <Title
        order={1}
        size={size}
        lh={1.2}
        miw={0}
        lineClamp={inHeader ? 1 : undefined}
        style={inHeader ? undefined : { overflowWrap: "anywhere" }}
      >
        {title}
      </Title>
      <HelpButton path={path} />
    </Group>
  );
}
