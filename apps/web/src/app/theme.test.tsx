import { Drawer, Loader, MantineProvider, Modal } from "@mantine/core";
import { cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { schoolTheme } from "./theme.ts";

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
