// The sign-in providers module's public surface (issue 32 §1): the plugin app.ts registers, and the cleanup's queue.
export { PROVIDER_SIGN_IN_CLEANUP_QUEUE, signInProvidersModule } from "./sign-in-providers.module.ts";
