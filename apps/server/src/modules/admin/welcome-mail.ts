import { INVITATION_TTL_DAYS, type Language } from "@convive/domain";

export interface WelcomeFacts {
  name: string;
  /** The school the account joins, or null for an account of no school yet. */
  school: string | null;
  link: string;
}

const TEXTS = {
  es: {
    subject: (f: WelcomeFacts) => (f.school ? `${f.school} te invita a Convive` : "Te invitamos a Convive"),
    text: (f: WelcomeFacts) =>
      [
        `Hola ${f.name}:`,
        "",
        f.school
          ? `Se creó tu cuenta de Convive en ${f.school}. Abre este enlace para elegir tu contraseña (vence en ${INVITATION_TTL_DAYS} días y solo sirve una vez):`
          : `Se creó tu cuenta de Convive. Abre este enlace para elegir tu contraseña (vence en ${INVITATION_TTL_DAYS} días y solo sirve una vez):`,
        "",
        f.link,
        "",
        "Después inicia sesión con tu correo y la contraseña que elegiste.",
        "",
        "Si no esperabas este correo, ignóralo: nadie más conoce una contraseña de tu cuenta.",
        "",
        "Convive",
      ].join("\n"),
  },
  en: {
    subject: (f: WelcomeFacts) => (f.school ? `${f.school} invites you to Convive` : "You are invited to Convive"),
    text: (f: WelcomeFacts) =>
      [
        `Hello ${f.name},`,
        "",
        f.school
          ? `Your Convive account at ${f.school} was created. Open this link to choose your password (it expires in ${INVITATION_TTL_DAYS} days and works once):`
          : `Your Convive account was created. Open this link to choose your password (it expires in ${INVITATION_TTL_DAYS} days and works once):`,
        "",
        f.link,
        "",
        "Then sign in with your e-mail and the password you chose.",
        "",
        "If you did not expect this e-mail, ignore it: nobody else knows a password of your account.",
        "",
        "Convive",
      ].join("\n"),
  },
} as const;

/** The e-mail of an account the platform administrator created: an invitation to choose its password. */
export const welcomeMail = (lang: Language, facts: WelcomeFacts) => ({
  subject: TEXTS[lang].subject(facts),
  text: TEXTS[lang].text(facts),
});
