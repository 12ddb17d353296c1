import { useCallback } from "react";
import { useSearchParams } from "react-router";

/**
 * Changes the query string from what the address bar holds right now. React Router's functional
 * setSearchParams hands over the params of the last render, so two quick changes (clear the filters, then type a
 * search) could bring back what the first one removed; the history entry is always current.
 */
export function useSearchUpdate() {
  const [, setParams] = useSearchParams();
  return useCallback(
    (change: (current: URLSearchParams) => URLSearchParams) =>
      setParams(change(new URLSearchParams(window.location.search))),
    [setParams],
  );
}
