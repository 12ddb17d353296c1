import { INVITATION_TTL_DAYS, type Language } from "@convive/domain";
import type { Config } from "../../config/config.ts";
import { schoolLink } from "../../lib/links.ts";

type LinkConfig = Pick<Config, "PUBLIC_URL" | "APP_DOMAIN">;

export interface InvitationMailFacts {
  /** The recipient's own first name (an account's) or the one the school typed (a new address). */
  name: string;
  school: string;
  profile: string;
  link: string;
  /** An existing account signs in with its own password after accepting; a new one chooses it there. */
  existingAccount: boolean;
}

const TEXTS = {
  es: {
    subject: (f: InvitationMailFacts) => `${f.school} te invita a Convive`,
    text: (f: InvitationMailFacts) =>
      [
        `Hola ${f.name}:`,
        "",
        `${f.school} te invita a Convive con el perfil ${f.profile}. Abre este enlace para aceptar (vence en ${INVITATION_TTL_DAYS} días y solo sirve una vez):`,
        "",
        f.link,
        "",
        f.existingAccount
          ? "Después de aceptar, inicia sesión con tu correo y tu contraseña de siempre."
          : "Ahí eliges tu contraseña y se crea tu cuenta.",
        "",
        "Si no esperabas esta invitación, ignora este correo: nada se crea ni se vincula sin tu aceptación.",
        "",
        "Convive",
      ].join("\n"),
  },
  en: {
    subject: (f: InvitationMailFacts) => `${f.school} invites you to Convive`,
    text: (f: InvitationMailFacts) =>
      [
        `Hello ${f.name},`,
        "",
        `${f.school} invites you to Convive with the profile ${f.profile}. Open this link to accept (it expires in ${INVITATION_TTL_DAYS} days and works once):`,
        "",
        f.link,
        "",
        f.existingAccount
          ? "After accepting, sign in with your e-mail and your usual password."
          : "There you choose your password and your account is created.",
        "",
        "If you did not expect this invitation, ignore this e-mail: nothing is created or linked unless you accept.",
        "",
        "Convive",
      ].join("\n"),
  },
} as const;

/** The invitation e-mail in the recipient's language. */
export const invitationMail = (lang: Language, facts: InvitationMailFacts) => ({
  subject: TEXTS[lang].subject(facts),
  text: TEXTS[lang].text(facts),
});

/**
 * The link opens the recovery screen (spec §2: the only screen besides login open without a session), in the
 * language the e-mail was written in, on the inviting school's own address.
 */
export const invitationLink = (config: LinkConfig, schoolId: string, token: string, lang: Language) =>
  schoolLink(config, schoolId, "/RecoverPassword", { invitation: token, lang });
