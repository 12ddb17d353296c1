/**
 * Text colours for the light badges and the confirmed note: Mantine's yellow.9 and teal.8 fall under WCAG AA's
 * 4.5:1 on their own light tints; these pass (about 7:1 and 6:1), as the consent tab's "#056b4d" does.
 */
export const AMBER_TEXT = "#7c4a03";
export const TEAL_TEXT = "#056b4d";
