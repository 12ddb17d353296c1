import { MantineProvider } from "@mantine/core";
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import i18n from "../../lib/i18n.ts";
import { ModulePlaceholder } from "./ModulePlaceholder.tsx";

afterEach(cleanup);

describe("ModulePlaceholder", () => {
  it("says the module is coming, in the chosen language, and shows no data", async () => {
    await i18n.changeLanguage("es");
    const { unmount } = render(
      <MantineProvider>
        <ModulePlaceholder title="Boleta" />
      </MantineProvider>,
    );
    expect(screen.getByRole("heading", { level: 2 }).textContent).toBe("Este módulo estará disponible pronto");
    expect(screen.getByText(/«Boleta» llegará en una próxima versión/)).toBeTruthy();
    expect(screen.queryByRole("table")).toBeNull();
    unmount();

    await i18n.changeLanguage("en");
    render(
      <MantineProvider>
        <ModulePlaceholder title="Scorecard" />
      </MantineProvider>,
    );
    expect(screen.getByRole("heading", { level: 2 }).textContent).toBe("This module is coming in a later release");
  });
});
