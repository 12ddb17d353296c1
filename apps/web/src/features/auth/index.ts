/**
 * The auth feature's public surface for other features: the signed-in user and its query key. Its screens
 * (sign-in, recovery, reset, school selection) are loaded lazily by app/router.tsx, which also wires logout and
 * school switching (app/ composes features and may reach their files directly).
 */
export { currentUserKey, useCurrentUser } from "./api/current-user.ts";
export { logout } from "./api/logout.ts";
