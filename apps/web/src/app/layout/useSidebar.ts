import { SIDEBAR_AUTOCOLLAPSE_AT_OR_BELOW_PX, SIDEBAR_EXPANDED_ABOVE_PX } from "@convive/domain/core";
import { useCallback, useEffect, useReducer } from "react";

/** Spec §2/§9: expanded when the window is wider than 1000 px, collapsed below. */
export const expandedAt = (width: number) => width > SIDEBAR_EXPANDED_ABOVE_PX;
/** At 1000 px or less the sidebar is the mobile overlay drawer instead of a column beside the content. */
export const isOverlayWidth = (width: number) => !expandedAt(width);
/** Spec §2/§9: on windows 1050 px wide or less, choosing a menu item collapses the sidebar. */
export const collapsesOnChoose = (width: number) => width <= SIDEBAR_AUTOCOLLAPSE_AT_OR_BELOW_PX;

export interface SidebarState {
  width: number;
  /** Expanded (desktop) or shown (overlay). */
  open: boolean;
}

export type SidebarEvent =
  | { type: "resize"; width: number }
  | { type: "toggle" }
  | { type: "choose" }
  | { type: "close" };

export const initialSidebar = (width: number): SidebarState => ({ width, open: expandedAt(width) });

/**
 * The width rules as a pure reducer. A resize only changes the state when it crosses the 1000 px line, so a
 * sidebar the user toggled stays as they left it while they drag the window within one range.
 */
export function sidebarReducer(state: SidebarState, event: SidebarEvent): SidebarState {
  switch (event.type) {
    case "resize": {
      if (event.width === state.width) return state;
      const crossed = expandedAt(event.width) !== expandedAt(state.width);
      return { width: event.width, open: crossed ? expandedAt(event.width) : state.open };
    }
    case "toggle":
      return { ...state, open: !state.open };
    case "choose":
      return collapsesOnChoose(state.width) && state.open ? { ...state, open: false } : state;
    case "close":
      return state.open ? { ...state, open: false } : state;
  }
}

const windowWidth = () => (typeof window === "undefined" ? SIDEBAR_EXPANDED_ABOVE_PX + 1 : window.innerWidth);

/** The sidebar's state, following the window's width. */
export function useSidebar() {
  const [state, dispatch] = useReducer(sidebarReducer, undefined, () => initialSidebar(windowWidth()));
  useEffect(() => {
    const onResize = () => dispatch({ type: "resize", width: windowWidth() });
    window.addEventListener("resize", onResize);
    return () => window.removeEventListener("resize", onResize);
  }, []);
  return {
    open: state.open,
    overlay: isOverlayWidth(state.width),
    toggle: useCallback(() => dispatch({ type: "toggle" }), []),
    choose: useCallback(() => dispatch({ type: "choose" }), []),
    close: useCallback(() => dispatch({ type: "close" }), []),
  };
}
