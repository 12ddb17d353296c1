import { ACTION_MESSAGES, ERRORS } from "@convive/domain";
import { describe, expect, it } from "vitest";
import { invitationMail } from "../src/modules/invitations/invitation-mail.ts";
import { NOTIFICATION_TEXTS } from "../src/modules/notifications/notification-texts.ts";

/** Issue 12 §6: English texts the server writes quote with “…”, never with the Spanish «…». */
const SPANISH_QUOTES = /[«»]/;

describe("English texts of the server", () => {
  it("notifications quote with English quotation marks", () => {
    const english = Object.entries(NOTIFICATION_TEXTS).flatMap(([type, text]) => [
      `${type}.title: ${text.title.en}`,
      `${type}.body: ${text.body.en}`,
    ]);
    expect(english.filter((line) => SPANISH_QUOTES.test(line))).toEqual([]);
    // The Spanish ones keep theirs: the same notice quotes «…» in Spanish and “…” in English.
    expect(NOTIFICATION_TEXTS["incident.closed"].body).toEqual({
      es: "«{incident}» fue cerrada por {author}.",
      en: "“{incident}” was closed by {author}.",
    });
  });

  it("error and action messages use no Spanish quotation marks in English", () => {
    const english = [...Object.values(ERRORS), ...Object.values(ACTION_MESSAGES)].map((m) => m.en);
    expect(english.filter((text) => SPANISH_QUOTES.test(text))).toEqual([]);
  });

  it("the invitation e-mail names the profile in English in English", () => {
    const facts = {
      name: "Ana",
      school: "Colegio",
      profile: "Teacher",
      link: "https://x.test/i",
      existingAccount: false,
    };
    const mail = invitationMail("en", facts);
    expect(mail.text).toContain("with the profile Teacher");
    expect(`${mail.subject}\n${mail.text}`).not.toMatch(SPANISH_QUOTES);
  });
});
