// The auth module's public surface for other modules: the password rules service and the shared throttle.
export type { AuthService } from "./auth.service.ts";
export { enforceLimits } from "./limits.ts";
