/**
 * Props for a `Table.ScrollContainer` whose table may hold nothing focusable (no link, no button): its scrolling
 * viewport becomes a named region that takes focus, so a keyboard can scroll it where it overflows (a phone:
 * issue 26 §6, axe's scrollable-region-focusable, WCAG 2.1.1).
 */
export function scrollRegion(label: string) {
  return { scrollAreaProps: { viewportProps: { tabIndex: 0, role: "region", "aria-label": label } } };
}
