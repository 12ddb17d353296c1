import type { Config } from "../../config/config.ts";
import type { Db } from "../../db/client.ts";
import type { Background } from "../../lib/background.ts";
import { AppError } from "../../lib/errors.ts";
import { platformLink, schoolLink } from "../../lib/links.ts";
import type { Mailer } from "../../lib/mailer.ts";
import { hashPassword } from "../../lib/passwords.ts";
import { newToken } from "../../lib/tokens.ts";
import { subdomainOf } from "../../plugins/tenancy.ts";
import * as users from "../users/index.ts";
import type { AuthService } from "./auth.service.ts";
import { emailKey, enforceLimits, REQUEST_LIMITS } from "./limits.ts";
import * as links from "./links.repository.ts";

const MAIL = {
  es: {
    subject: "Restablece tu contraseña de Convive",
    text: (name: string, link: string, minutes: number) =>
      `Hola ${name}:\n\nRecibimos una solicitud para restablecer tu contraseña. Abre este enlace para elegir una nueva (vence en ${minutes} minutos y solo sirve una vez):\n\n${link}\n\nSi no lo solicitaste, ignora este correo; tu contraseña no cambia.\n\nConvive`,
  },
  en: {
    subject: "Reset your Convive password",
    text: (name: string, link: string, minutes: number) =>
      `Hello ${name},\n\nWe received a request to reset your password. Open this link to choose a new one (it expires in ${minutes} minutes and works once):\n\n${link}\n\nIf you did not ask for it, ignore this e-mail; your password does not change.\n\nConvive`,
  },
} as const;

export function createPasswordResetService(deps: {
  db: Db;
  config: Config;
  mailer: Mailer;
  auth: AuthService;
  background: Background;
}) {
  const { db, config } = deps;

  /**
   * Answers a forgot-password request: counts it against the per-address and per-e-mail limits (the same work
   * whether or not the account exists) and leaves the rest — the lookup, the token, the e-mail — to run after the
   * answer has gone out, so the answer takes the same time either way.
   */
  async function requestReset(email: string, ip: string, host = ""): Promise<void> {
    await enforceLimits(db, [
      { key: `forgot:ip:${ip}`, max: REQUEST_LIMITS.forgotPerAddress },
      { key: `forgot:email:${emailKey(email)}`, max: REQUEST_LIMITS.forgotPerEmail },
    ]);
    const school = subdomainOf(host, config.APP_DOMAIN);
    deps.background.later("password reset e-mail", () => sendReset(email, school));
  }

  /** E-mails a single-use link (256-bit token, valid RESET_TOKEN_TTL_MINUTES) when the account exists. */
  async function sendReset(email: string, school: string | null) {
    const user = await users.findUserByEmail(db, email);
    if (!user?.isActive) return;
    const token = newToken();
    const lang = user.language === "en" ? "en" : "es";
    // Asked on a school's address by one of its people: the link opens there again; otherwise on the platform's.
    const link =
      school && (await users.isMember(db, school, user.id))
        ? schoolLink(config, school, "/RecoverPassword/reset", { token })
        : platformLink(config, "/RecoverPassword/reset", { token });
    // The link and its e-mail in one transaction (the outbox); a reset belongs to no school: root's unsent list.
    await db.transaction(async (tx) => {
      await links.insertReset(tx, {
        userId: user.id,
        token,
        fingerprint: links.accountFingerprint(user),
        expiresAt: new Date(Date.now() + config.RESET_TOKEN_TTL_MINUTES * 60_000),
      });
      const text = MAIL[lang].text(user.firstName, link, config.RESET_TOKEN_TTL_MINUTES);
      await deps.mailer.send({ to: user.email, subject: MAIL[lang].subject, text, urgent: true, schoolId: null }, tx);
    });
  }

  /**
   * Consumes the token and sets the password (password_updated = 1), provided the account has not changed its
   * password or e-mail since the link was sent; then voids every other link and ends every session of the user.
   */
  async function resetPassword(token: string, password: string, confirmation: string, ip: string): Promise<void> {
    await enforceLimits(db, [{ key: `reset:ip:${ip}`, max: REQUEST_LIMITS.resetPerAddress }]);
    deps.auth.checkNewPassword(password, confirmation);
    const passwordHash = await hashPassword(password);
    const userId = await db.transaction(async (tx) => {
      const live = await links.liveReset(tx, token);
      const user = live && (await links.lockAccount(tx, live.userId));
      // Under the account's lock: a link used a moment ago (or any password change) has changed the fingerprint.
      if (!user?.isActive || links.accountFingerprint(user) !== live!.fingerprint) {
        throw new AppError("RESET_TOKEN_INVALID");
      }
      if (!(await links.takeReset(tx, token))) throw new AppError("RESET_TOKEN_INVALID");
      if (!(await links.replacePassword(tx, user.id, user.passwordHash, passwordHash))) {
        throw new AppError("RESET_TOKEN_INVALID");
      }
      await links.voidLinks(tx, user.id);
      return user.id;
    });
    await deps.auth.endAllSessions(userId);
  }

  return { requestReset, resetPassword };
}

export type PasswordResetService = ReturnType<typeof createPasswordResetService>;
