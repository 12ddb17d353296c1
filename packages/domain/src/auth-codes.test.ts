import { describe, expect, it } from "vitest";
import {
  AUTH_CODES,
  AUTH_FAILURES,
  type AuthCode,
  authCodeOf,
  authFailureMessage,
  RETRY_CODES,
  SIGN_OUT_CODES,
} from "./auth-codes.ts";

/**
 * Issue 32 §2, from the spec's own words (product-spec.md §8, quoted as written), not from the catalogue's table:
 * every code the spec lists is a client code with a message in Spanish and English, and the situations the spec
 * names read its messages.
 */
const SPEC_8 =
  "Identity-service codes mapped to client codes: wrong-password, missing-password, invalid-email, email-already-in-use, user-not-found, user-disabled, too-many-requests, expired-action-code, invalid-action-code, requires-recent-login, invalid-user-token, user-token-expired, invalid-verification-code, code-expired, credential-already-in-use, account-exists-with-different-credential, operation-not-allowed, admin-restricted-operation, network-request-failed, and others. The product's own messages for them: not shown.";
const SPEC_LIST = SPEC_8.split(": ")[1]!.split(", and others")[0]!.split(", ");

describe("spec §8 client codes", () => {
  it("reads the spec's nineteen codes", () => {
    expect(SPEC_LIST).toHaveLength(19);
    expect(SPEC_LIST[0]).toBe("wrong-password");
    expect(SPEC_LIST.at(-1)).toBe("network-request-failed");
  });

  it.each(SPEC_LIST)("%s has a message in both languages", (code) => {
    const message = AUTH_CODES[code as AuthCode];
    expect(message, code).toBeDefined();
    for (const text of [message.es, message.en]) {
      expect(text.trim().length).toBeGreaterThan(5);
      expect(text).not.toContain(code);
    }
  });

  it("keeps the spec's quoted messages for the situations it names", () => {
    // §8: "Login failure | 'Error al Iniciar Sesión'", "Deactivated school | 'Usuario desactivado'",
    // "401 on the notification poll | Toast 'Sesión vencida!'".
    expect(AUTH_CODES["wrong-password"].es).toBe("Error al Iniciar Sesión");
    expect(AUTH_CODES["user-disabled"].es).toBe("Usuario desactivado");
    expect(AUTH_CODES["user-token-expired"].es).toBe("Sesión vencida!");
  });

  it("codes beyond the list say why they exist (the spec's 'and others')", () => {
    for (const [code, message] of Object.entries(AUTH_CODES)) {
      if (!SPEC_LIST.includes(code))
        expect((message as { note?: string }).note, code).toMatch(/Beyond the spec's list/);
    }
  });

  it("§4: user-disabled and user-token-expired during a token request sign out; a network failure retries", () => {
    expect(SIGN_OUT_CODES).toEqual(expect.arrayContaining(["user-disabled", "user-token-expired"]));
    expect(RETRY_CODES).toContain("network-request-failed");
    expect(authCodeOf({ status: 0 })).toBe("network-request-failed");
  });

  it("maps every failure to a listed code or a documented other, with a message in both languages", () => {
    for (const [failure, code] of Object.entries(AUTH_FAILURES)) {
      expect(Object.keys(AUTH_CODES), failure).toContain(code);
      for (const lang of ["es", "en"] as const) {
        expect(authFailureMessage({ status: 400, code: failure }, lang).length, `${failure} ${lang}`).toBeGreaterThan(
          5,
        );
      }
    }
  });
});
