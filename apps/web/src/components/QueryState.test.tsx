import { useQuery } from "@tanstack/react-query";
import { cleanup, fireEvent, screen } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import i18n from "../lib/i18n.ts";
import { renderWithProviders } from "../test/render.tsx";
import { QueryState } from "./QueryState.tsx";

afterEach(cleanup);
beforeAll(() => i18n.changeLanguage("en"));

function Screen({ fetch }: { fetch: () => Promise<string[]> }) {
  const query = useQuery({ queryKey: ["things"], queryFn: fetch });
  return (
    <>
      <QueryState query={query} empty={<p>nothing yet</p>} />
      {query.data?.map((x) => (
        <p key={x}>{x}</p>
      ))}
    </>
  );
}

describe("QueryState", () => {
  it("shows a busy skeleton while loading, then nothing of its own", async () => {
    renderWithProviders(<Screen fetch={async () => ["one"]} />);
    expect(screen.getByRole("status").getAttribute("aria-busy")).toBe("true");
    expect(await screen.findByText("one")).toBeTruthy();
    expect(screen.queryByRole("status")).toBeNull();
    expect(screen.queryByText("nothing yet")).toBeNull();
  });

  it("shows the empty panel for an empty answer", async () => {
    renderWithProviders(<Screen fetch={async () => []} />);
    expect(await screen.findByText("nothing yet")).toBeTruthy();
  });

  it("shows the server's reason and retries", async () => {
    const fetch = vi.fn().mockRejectedValueOnce(new Error("Server unavailable")).mockResolvedValueOnce(["back"]);
    renderWithProviders(<Screen fetch={fetch} />);
    expect((await screen.findByRole("alert")).textContent).toContain("Server unavailable");
    fireEvent.click(screen.getByRole("button", { name: "Retry" }));
    expect(await screen.findByText("back")).toBeTruthy();
  });
});
