import { DEFAULT_INSTITUTIONAL_COLORS } from "@convive/domain/core";
import { type CSSVariablesResolver, createTheme, type MantineColorsTuple } from "@mantine/core";

/** `hex` moved toward `target` (0 black, 255 white) by `amount` (0–1). */
function mixHex(hex: string, target: number, amount: number): string {
  const n = Number.parseInt(hex.slice(1), 16);
  const channels = [(n >> 16) & 255, (n >> 8) & 255, n & 255].map((c) => Math.round(c + (target - c) * amount));
  return `#${channels.map((c) => c.toString(16).padStart(2, "0")).join("")}`;
}

/** A 10-shade Mantine palette around one institutional colour (index 6 is the colour itself). */
export function paletteOf(hex: string): MantineColorsTuple {
  const mix = (target: number, amount: number) => mixHex(hex, target, amount);
  return [
    mix(255, 0.9),
    mix(255, 0.75),
    mix(255, 0.6),
    mix(255, 0.45),
    mix(255, 0.3),
    mix(255, 0.15),
    hex,
    mix(0, 0.15),
    mix(0, 0.3),
    mix(0, 0.45),
  ];
}

export type InstitutionalColors = readonly [string, string, string, string];

/**
 * Spec §3: colour 1 the navigation bar, 2 the buttons, 3 active-title background, 4 active-title text and hover.
 * `labels` name, in the user's language, the × of every modal, drawer and toast and the eye of every password field
 * (Mantine leaves the first without a name and gives the second an English one). Modals and drawers get one
 * banner-free title bar each, the one pattern every dialog shares.
 */
export function schoolTheme(
  colors: InstitutionalColors = DEFAULT_INSTITUTIONAL_COLORS,
  labels: { close: string; togglePassword: string } = {
    close: "Cerrar",
    togglePassword: "Mostrar u ocultar la contraseña",
  },
) {
  const closeButtonProps = { "aria-label": labels.close };
  return createTheme({
    primaryColor: "institutional",
    primaryShade: 6,
    // Text on the buttons turns dark on light school colours so it stays readable.
    autoContrast: true,
    colors: { institutional: paletteOf(colors[1]) },
    fontFamily: "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
    defaultRadius: "md",
    // Dialogs, menus and toasts appear without sliding or fading for people who ask their system for less motion
    // (WCAG 2.3.3); the browser tests ask for it too, so no check waits on an animation.
    respectReducedMotion: true,
    other: { nav: colors[0], button: colors[1], activeBg: colors[2], activeText: colors[3] },
    components: {
      // Links in the darkest shade of the button colour: school colours are often too light for text on white.
      Anchor: { defaultProps: { c: "institutional.9" } },
      Modal: { defaultProps: { closeButtonProps } },
      Drawer: { defaultProps: { closeButtonProps } },
      // A dialog's title bar is not the page's banner: Mantine draws it as a <header>, which browsers expose as a
      // second banner landmark beside the app's header while the dialog is open (issue 12 §9).
      ModalHeader: { defaultProps: { component: "div" } },
      DrawerHeader: { defaultProps: { component: "div" } },
      Notification: { defaultProps: { closeButtonProps } },
      // A spinner is a live "loading" status. Mantine draws a bare <span>, on which an aria-label is a prohibited
      // attribute (axe aria-prohibited-attr): the role gives the label a meaning. Decorative ones pass aria-hidden.
      Loader: { defaultProps: { role: "status" } },
      PasswordInput: { defaultProps: { visibilityToggleButtonProps: { "aria-label": labels.togglePassword } } },
    },
  });
}

/**
 * The text colour of a palette's "light" and "subtle" variants (badges, light alerts, subtle buttons): its darkest
 * shade, a third darker again. Mantine's own (shade 6) is 1.8–3.3:1 for orange, yellow, green, teal, red, cyan and
 * grey on the variant's tint, which axe's colour-contrast check refuses; this reads at 4.5:1 or more on the tint laid
 * over the palette's lightest shade (a light badge on a tinted card) for Mantine's palettes and any school colour
 * (theme.test.tsx), so no screen has to remember a darker `c`. Fixed, not searched: the WCAG arithmetic stays out of
 * the sign-in page's budget.
 */
export const lightVariantText = (palette: readonly string[]): string => mixHex(palette[9]!, 0, 0.35);

export const cssVariables =
  (colors: InstitutionalColors): CSSVariablesResolver =>
  (theme) => ({
    variables: {
      "--convive-nav": colors[0],
      "--convive-button": colors[1],
      "--convive-active-bg": colors[2],
      "--convive-active-text": colors[3],
    },
    // Mantine's dimmed grey (#868e96) is below 4.5:1 on white; this one passes WCAG AA.
    // Likewise the error red (#fa5252, 3.3:1): field errors and invalid inputs use red 9 (#c92a2a, 5.4:1).
    light: {
      "--mantine-color-dimmed": "#5c636a",
      "--mantine-color-error": "#c92a2a",
      ...lightVariantTexts(theme.colors),
    },
    dark: {},
  });

/** `--mantine-color-<name>-light-color` for every palette of the theme, Mantine's and the school's own. */
function lightVariantTexts(palettes: Record<string, readonly string[]>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(palettes).map(([name, palette]) => [
      `--mantine-color-${name}-light-color`,
      lightVariantText(palette),
    ]),
  );
}
