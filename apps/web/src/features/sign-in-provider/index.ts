// Issue 32: a school's identity provider — the form the platform administrator (and, where allowed, the Director)
// configures it with.

export { SignInProviderCard } from "./components/SignInProviderCard.tsx";
export { SignInProviderForm } from "./components/SignInProviderForm.tsx";
