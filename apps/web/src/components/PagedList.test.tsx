import { cleanup, fireEvent, screen, within } from "@testing-library/react";
import { useState } from "react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import i18n from "../lib/i18n.ts";
import { useListParams } from "../lib/list-params.ts";
import { renderWithProviders } from "../test/render.tsx";
import { PagedList } from "./PagedList.tsx";

afterEach(cleanup);
// In the app the layout has loaded the shell's texts (pagedList.*) before any list is drawn.
beforeAll(async () => {
  await i18n.changeLanguage("en");
  await i18n.loadNamespaces("shell");
});

const people = Array.from({ length: 45 }, (_, i) => ({ id: i + 1, name: `Person ${i + 1}` }));

function List({ onSelect }: { onSelect?: (ids: number[], on: boolean) => void }) {
  const list = useListParams({ q: "" }, { size: 20 });
  const [selected] = useState(new Set([2]));
  const rows = people.slice((list.page - 1) * 20, list.page * 20);
  return (
    <PagedList
      rows={rows}
      total={people.length}
      page={list.page}
      perPage={20}
      onPage={list.setPage}
      columns={[
        { key: "name", header: "Name", render: (p) => p.name },
        { key: "actions", header: null, render: () => "…" },
      ]}
      card={(p) => <span>card {p.name}</span>}
      count={`${people.length} people`}
      selection={
        onSelect && {
          selected,
          selectable: (p) => p.id !== 1,
          onChange: onSelect,
          pageLabel: "Select the page",
          rowLabel: (p) => `Select ${p.name}`,
        }
      }
    />
  );
}

describe("PagedList", () => {
  it("draws a table and phone cards of the page the URL names, with the count and the pages", () => {
    renderWithProviders(<List />, { url: "/users?page=3" });
    const table = screen.getByRole("table");
    expect(within(table).getAllByRole("row")).toHaveLength(1 + 5);
    expect(within(table).getByText("Person 41")).toBeTruthy();
    expect(within(table).getByText("Actions")).toBeTruthy();
    expect(screen.getByText("card Person 45")).toBeTruthy();
    expect(screen.getByText("45 people")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Page 3" }).getAttribute("data-active")).toBe("true");
  });

  it("moves between pages", () => {
    renderWithProviders(<List />);
    expect(screen.getByText("Person 1", { selector: "td" })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Next page" }));
    expect(screen.getByText("Person 21", { selector: "td" })).toBeTruthy();
  });

  it("selects rows one by one or the whole page, skipping rows that cannot be selected", () => {
    const onSelect = vi.fn();
    renderWithProviders(<List onSelect={onSelect} />);
    const table = screen.getByRole("table");
    expect((within(table).getByLabelText("Select Person 1") as HTMLInputElement).disabled).toBe(true);
    expect((within(table).getByLabelText("Select Person 2") as HTMLInputElement).checked).toBe(true);
    fireEvent.click(within(table).getByLabelText("Select Person 3"));
    expect(onSelect).toHaveBeenLastCalledWith([3], true);
    fireEvent.click(within(table).getByLabelText("Select the page"));
    expect(onSelect.mock.lastCall?.[0]).toHaveLength(19);
  });
});
