import { Group, TextInput, type TextInputProps } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { IconSearch } from "@tabler/icons-react";
import { type ReactNode, useEffect, useState } from "react";
import type { ListParams } from "../lib/list-params.ts";

interface ListSearchProps extends Omit<TextInputProps, "value" | "onChange"> {
  /** The list whose `q` parameter this box writes, 300 ms after the user stops typing (not once per key). */
  listParams: ListParams<{ q: string }>;
}

/** The search box of a paged list: typed freely, handed to the URL debounced. */
export function ListSearch({ listParams, ...props }: ListSearchProps) {
  const value = listParams.filters.q;
  const onSearch = (next: string) => listParams.setFilter("q", next);
  const [text, setText] = useState(value);
  const [debounced] = useDebouncedValue(text, 300);
  // Only the user's typing hands a search on; a new `value` from the URL does not echo back.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on `debounced` alone, as said above
  useEffect(() => {
    if (debounced !== value) onSearch(debounced);
  }, [debounced]);
  return (
    <TextInput
      leftSection={<IconSearch size={16} aria-hidden />}
      type="search"
      {...props}
      value={text}
      onChange={(e) => setText(e.currentTarget.value)}
    />
  );
}

/** The filter row over a paged list: the search box first, then the list's own filters. */
export function ListFilters({
  listParams,
  search,
  children,
}: {
  listParams: ListParams<{ q: string }>;
  search: { label: string; placeholder: string; width: number };
  children: ReactNode;
}) {
  return (
    <Group gap="sm" align="flex-end">
      <ListSearch
        listParams={listParams}
        label={search.label}
        placeholder={search.placeholder}
        w={{ base: "100%", sm: search.width }}
      />
      {children}
    </Group>
  );
}
