import { setNonce } from "get-nonce";

/**
 * This page's Content-Security-Policy nonce: the server writes a fresh one per answer into the meta tag Vite
 * adds (`html.cspNonce`). Browsers hide a nonce attribute from the DOM but keep the `nonce` property.
 */
export const cspNonce: string | undefined =
  document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]')?.nonce || undefined;

// react-remove-scroll (Mantine's modals and drawers) writes its <style> tag with the nonce get-nonce holds.
if (cspNonce) setNonce(cspNonce);

/** For MantineProvider's getStyleNonce: its CSS variables and responsive style props are <style> tags too. */
export const styleNonce = (): string => cspNonce ?? "";
