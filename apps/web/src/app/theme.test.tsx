import { contrastRatio } from "@convive/domain/core";
import {
  DEFAULT_THEME,
  Drawer,
  Loader,
  MantineProvider,
  type MantineTheme,
  Modal,
  mergeThemeOverrides,
} from "@mantine/core";
import { cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { cssVariables, lightVariantText, paletteOf, schoolTheme } from "./theme.ts";

afterEach(cleanup);

/** The page's own banner, as the layout's header gives it. */
const page = (dialog: React.ReactNode) =>
  render(
    <MantineProvider theme={schoolTheme()}>
      <header>Convive</header>
      <main>{dialog}</main>
    </MantineProvider>,
  );

describe("dialogs under the school theme (issue 12 §9)", () => {
  it.each([
    [
      "modal",
      <Modal key="m" opened onClose={() => {}} title="Cancelar la incidencia">
        …
      </Modal>,
    ],
    [
      "drawer",
      <Drawer key="d" opened onClose={() => {}} title="Filtros">
        …
      </Drawer>,
    ],
  ])("a %s has one title and adds no second banner to the page", (_kind, dialog) => {
    page(dialog);
    const box = screen.getByRole("dialog", { name: /Cancelar la incidencia|Filtros/ });
    expect(within(box).getAllByRole("heading")).toHaveLength(1);
    expect(box.querySelector("header")).toBeNull();
    expect(document.querySelectorAll("header")).toHaveLength(1);
  });
});

describe("spinners under the school theme", () => {
  // axe's aria-prohibited-attr flagged a labelled spinner on the privacy notice: a label needs a role to mean anything.
  it("a labelled loader is announced as a status with its label", () => {
    page(<Loader aria-label="Cargando…" />);
    expect(screen.getByRole("status", { name: "Cargando…" })).toBeTruthy();
  });

  it("a decorative loader stays hidden from assistive technology", () => {
    page(<Loader aria-hidden />);
    expect(screen.queryByRole("status")).toBeNull();
  });
});

describe("light and subtle variants under the school theme", () => {
  // axe's colour-contrast check refused an orange light badge on an orange-tinted card (offline registration): the
  // text of every light badge, light alert and subtle button reads at WCAG AA (4.5:1) on its darkest background.
  const blendOver = (top: string, bottom: string, alpha: number) => {
    const rgb = (hex: string) => [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));
    const [t, b] = [rgb(top), rgb(bottom)];
    return `#${t
      .map((c, i) =>
        Math.round(c * alpha + b[i]! * (1 - alpha))
          .toString(16)
          .padStart(2, "0"),
      )
      .join("")}`;
  };
  const schools = ["#f4c542", "#9be7ff", "#ffffff", "#ffff00", "#00ff00", "#1f3a5f", "#ff9800", "#e91e63"];
  const palettes = { ...DEFAULT_THEME.colors, ...Object.fromEntries(schools.map((c) => [c, paletteOf(c)])) };

  it.each(Object.entries(palettes))("%s text reads at 4.5:1 on its own tint over its lightest shade", (_name, p) => {
    const text = lightVariantText(p);
    expect(contrastRatio(text, blendOver(p[6]!, p[0]!, 0.1))).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(text, "#ffffff")).toBeGreaterThanOrEqual(4.5);
  });

  it("the page's style sheet carries it for Mantine's palettes and the school's", () => {
    const colors = ["#1f3a5f", "#f4c542", "#ffffff", "#000000"] as const;
    const variables = cssVariables(colors)(
      mergeThemeOverrides(DEFAULT_THEME, schoolTheme(colors)) as MantineTheme,
    ).light;
    expect(variables["--mantine-color-orange-light-color"]).toBe(lightVariantText(DEFAULT_THEME.colors.orange));
    expect(variables["--mantine-color-institutional-light-color"]).toBe(lightVariantText(paletteOf("#f4c542")));
  });
});
