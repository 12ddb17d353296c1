import { Select, type SelectProps } from "@mantine/core";
import type { ListParams } from "../lib/list-params.ts";

interface FilterSelectProps<F extends Record<string, string>> extends Omit<SelectProps, "value" | "onChange"> {
  listParams: ListParams<F>;
  /** The filter's name in the URL; its empty value ("") shows as nothing picked. */
  param: keyof F & string;
}

/** A filter of a paged list bound to its URL parameter (picking one goes back to page 1). */
export function FilterSelect<F extends Record<string, string>>({
  listParams: list,
  param,
  ...props
}: FilterSelectProps<F>) {
  return (
    <Select
      comboboxProps={{ withinPortal: true }}
      {...props}
      value={list.filters[param] || null}
      onChange={(value) => list.setFilter(param, value)}
    />
  );
}
