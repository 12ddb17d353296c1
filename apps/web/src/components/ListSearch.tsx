import { TextInput, type TextInputProps } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { IconSearch } from "@tabler/icons-react";
import { useEffect, useState } from "react";

interface ListSearchProps extends Omit<TextInputProps, "value" | "onChange"> {
  /** The search the list shows (from the URL). */
  value: string;
  /** Called 300 ms after the user stops typing, so the server is not asked once per key. */
  onSearch: (value: string) => void;
}

/** The search box of a paged list: typed freely, handed on debounced. */
export function ListSearch({ value, onSearch, ...props }: ListSearchProps) {
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
