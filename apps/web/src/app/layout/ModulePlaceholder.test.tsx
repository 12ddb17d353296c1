import { MantineProvider } from "@mantine/core";
import { cleanup, render, screen } from "@testing-library/react";
import { Suspense } from "react";
import { afterEach, describe, expect, it } from "vitest";
import i18n from "../../lib/i18n.ts";
import { ModulePlaceholder } from "./ModulePlaceholder.tsx";

afterEach(cleanup);

describe("ModulePlaceholder", () => {
  it("says the module is coming, in the chosen language, and shows no data", async () => {
    // The layout namespace is fetched on first use, as in the app.
    await i18n.loadNamespaces("layout");
    await i18n.changeLanguage("es");
    const { unmount } = render(
      <MantineProvider>
        <Suspense fallback={null}>
          <ModulePlaceholder title="Boleta" />
        </Suspense>
      </MantineProvider>,
    );
    expect((await screen.findByRole("heading", { level: 2 })).textContent).toBe("Este módulo estará disponible pronto");
    expect(screen.getByText(/«Boleta» llegará en una próxima versión/)).toBeTruthy();
    expect(screen.queryByRole("table")).toBeNull();
    unmount();

    await i18n.changeLanguage("en");
    render(
      <MantineProvider>
        <Suspense fallback={null}>
          <ModulePlaceholder title="Scorecard" />
        </Suspense>
      </MantineProvider>,
    );
    expect((await screen.findByRole("heading", { level: 2 })).textContent).toBe(
      "This module is coming in a later release",
    );
  });
});
