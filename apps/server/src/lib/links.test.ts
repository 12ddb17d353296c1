import { describe, expect, it } from "vitest";
import { platformLink, schoolLink } from "./links.ts";

describe("e-mailed links open the school's own address", () => {
  it("puts the school on its subdomain of the public origin", () => {
    const config = { PUBLIC_URL: "https://convive.mx", APP_DOMAIN: "convive.mx" };
    expect(schoolLink(config, "colegio", "/RecoverPassword", { invitation: "abc", lang: "es" })).toBe(
      "https://colegio.convive.mx/RecoverPassword?invitation=abc&lang=es",
    );
  });

  it("keeps a custom port and plain http", () => {
    const config = { PUBLIC_URL: "http://convive.test:8080", APP_DOMAIN: "convive.test" };
    expect(schoolLink(config, "colegio", "/incident-details?id=7")).toBe(
      "http://colegio.convive.test:8080/incident-details?id=7",
    );
  });

  it("keeps PUBLIC_URL's path prefix, with or without a trailing slash", () => {
    for (const PUBLIC_URL of ["https://escuelas.example/convive", "https://escuelas.example/convive/"]) {
      const config = { PUBLIC_URL, APP_DOMAIN: "escuelas.example" };
      expect(schoolLink(config, "colegio", "/scorecard", { alumno: 12 })).toBe(
        "https://colegio.escuelas.example/convive/scorecard?alumno=12",
      );
      expect(platformLink(config, "/RecoverPassword/reset", { token: "t" })).toBe(
        "https://escuelas.example/convive/RecoverPassword/reset?token=t",
      );
    }
  });

  it("escapes parameters and leaves out empty ones", () => {
    const config = { PUBLIC_URL: "https://convive.mx", APP_DOMAIN: "convive.mx" };
    expect(schoolLink(config, "Colegio", "/x", { q: "a&b =ñ", none: undefined, nil: null })).toBe(
      "https://colegio.convive.mx/x?q=a%26b+%3D%C3%B1",
    );
  });

  it("sends mail without a school to the platform's address, never localhost", () => {
    expect(platformLink({ PUBLIC_URL: "https://convive.mx/", APP_DOMAIN: "convive.mx" }, "/", { unlock: "u" })).toBe(
      "https://convive.mx/?unlock=u",
    );
  });
});
