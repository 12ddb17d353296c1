/**
 * The lazy parts every signed-in screen renders inside. The router and the guard load them when first needed; the
 * sign-in form starts them as soon as someone presses "Iniciar sesión", so they arrive while the server checks the
 * password instead of one after another once it has.
 */
export const loadSignedInGuard = () => import("./SignedInGuard.tsx");
export const loadQueryScope = () => import("./QueryScope.tsx");
export const loadLayout = () => import("./layout/Layout.tsx");

export function preloadSignedIn() {
  for (const load of [loadSignedInGuard, loadQueryScope, loadLayout]) {
    load().catch(() => {
      // A failed preload is only a missed head start: the router loads (and reports) it again when needed.
    });
  }
}
