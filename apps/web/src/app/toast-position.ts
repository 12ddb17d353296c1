import { SIDEBAR_EXPANDED_ABOVE_PX, TOAST_POSITION } from "@convive/domain/core";

/**
 * Where toasts go (issue 26 §6: never over the page's heading or the phone menu). Wide windows keep spec §9's
 * top-right, below the header (Toasts.module.css), where the screen's title sits in the header beside them. At
 * 1000 px or less the menu is a drawer behind the header's burger and the title is the first thing in the content,
 * right under the header, so toasts rise from the bottom instead.
 */
export const NARROW_LAYOUT_QUERY = `(max-width: ${SIDEBAR_EXPANDED_ABOVE_PX}px)`;

export function toastPosition(narrow: boolean) {
  return narrow ? "bottom-center" : TOAST_POSITION;
}
