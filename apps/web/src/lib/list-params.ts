import { useCallback, useRef } from "react";
import { useSearchParams } from "react-router";

/** The state of a paged list kept in the URL, so a reload, a shared link or Back shows the same page. */
export interface ListParams<F extends Record<string, string>> {
  page: number;
  /** Rows per page (`size`), when the list lets the user choose it. */
  size: number;
  /** `sort` as the server reads it (e.g. "name" or "-created_at"), or "" for the server's order. */
  sort: string;
  filters: F;
  /** True when any filter differs from its default ("nothing found" rather than "nothing yet"). */
  filtered: boolean;
  setPage: (page: number) => void;
  /** Changes one filter (or `sort`/`size`) and goes back to page 1; a default value leaves the URL. */
  setFilter: (key: keyof F | "sort" | "size", value: string | null) => void;
}

/**
 * Page, size, sort and filters of a list in the URL's search params. Defaults stay out of the URL, so a list
 * nobody filtered keeps a clean address. Filter changes replace the history entry (typing does not fill Back);
 * page changes push one.
 */
export function useListParams<F extends Record<string, string>>(
  defaults: F,
  options: { size?: number; sort?: string } = {},
): ListParams<F> {
  const [params, setParams] = useSearchParams();
  const defaultSize = options.size ?? 20;
  const defaultSort = options.sort ?? "";
  const read = useCallback((key: string, fallback: string) => params.get(key) ?? fallback, [params]);

  const page = Math.max(1, Number.parseInt(read("page", "1"), 10) || 1);
  const size = Math.max(1, Number.parseInt(read("size", String(defaultSize)), 10) || defaultSize);
  const sort = read("sort", defaultSort);
  const filters = Object.fromEntries(Object.entries(defaults).map(([k, v]) => [k, read(k, v)])) as F;
  // `defaults` is usually a fresh object literal each render; the setter reads the latest through a ref.
  const defaultsRef = useRef(defaults);
  defaultsRef.current = defaults;
  const filtered = Object.entries(defaults).some(([k, v]) => filters[k] !== v);

  const setPage = useCallback(
    (next: number) =>
      setParams((current) => {
        const url = new URLSearchParams(current);
        if (next <= 1) url.delete("page");
        else url.set("page", String(next));
        return url;
      }),
    [setParams],
  );
  const setFilter = useCallback(
    (key: keyof F | "sort" | "size", value: string | null) =>
      setParams(
        (current) => {
          const url = new URLSearchParams(current);
          const name = String(key);
          const fallback =
            name === "sort" ? defaultSort : name === "size" ? String(defaultSize) : defaultsRef.current[name];
          if (value === null || value === fallback) url.delete(name);
          else url.set(name, value);
          url.delete("page");
          return url;
        },
        { replace: true },
      ),
    [setParams, defaultSort, defaultSize],
  );

  return { page, size, sort, filters, filtered, setPage, setFilter };
}
