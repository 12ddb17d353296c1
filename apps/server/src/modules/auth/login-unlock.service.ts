import type { Config } from "../../config/config.ts";
import type { Db } from "../../db/client.ts";
import { trustedDevices } from "../../db/schema/index.ts";
import type { Background } from "../../lib/background.ts";
import { AppError } from "../../lib/errors.ts";
import { platformLink } from "../../lib/links.ts";
import type { Mailer } from "../../lib/mailer.ts";
import { hashToken, newToken } from "../../lib/tokens.ts";
import * as users from "../users/index.ts";
import { emailKey, enforceLimits, REQUEST_LIMITS, UNLOCK_TTL_MINUTES, WINDOW_MS } from "./limits.ts";
import * as links from "./links.repository.ts";
import * as throttle from "./throttle.repository.ts";

const MAIL = {
  es: {
    subject: "Entra a Convive desde tu dispositivo",
    text: (name: string, link: string, minutes: number) =>
      `Hola ${name}:\n\nHubo demasiados intentos fallidos de iniciar sesión en tu cuenta, así que Convive no deja entrar desde dispositivos nuevos por un rato. Si eras tú, abre este enlace en el navegador desde el que quieres entrar (vence en ${minutes} minutos y solo sirve una vez); después inicia sesión con tu contraseña como siempre:\n\n${link}\n\nSi no fuiste tú, alguien está probando contraseñas en tu cuenta: no abras el enlace y, si tu contraseña es fácil de adivinar, cámbiala.\n\nConvive`,
  },
  en: {
    subject: "Sign in to Convive from your device",
    text: (name: string, link: string, minutes: number) =>
      `Hello ${name},\n\nThere were too many failed sign-ins on your account, so Convive refuses new devices for a while. If it was you, open this link in the browser you want to sign in from (it expires in ${minutes} minutes and works once); then sign in with your password as usual:\n\n${link}\n\nIf it was not you, someone is trying passwords on your account: do not open the link and, if your password is easy to guess, change it.\n\nConvive`,
  },
} as const;

/**
 * The owner's way past a lockout: a refused sign-in from a new device e-mails the account's owner a single-use,
 * short-lived link; opening it trusts the browser that opens it, which from then on answers only to its own
 * failure limit. The password is still needed: the link only lets its holder try.
 */
export function createLoginUnlockService(deps: { db: Db; config: Config; mailer: Mailer; background: Background }) {
  const { db, config } = deps;

  /**
   * After a refused sign-in: e-mails an unlock link to the account behind `email`, if there is one, at most
   * unlockMailsPerAccount times a window. Runs after the answer, which is the same whether or not it exists.
   */
  function offer(email: string) {
    deps.background.later("unlock e-mail", async () => {
      const user = await users.findUserByEmail(db, email);
      if (!user?.isActive) return;
      const sent = await throttle.hit(db, [`unlock-mail:${emailKey(email)}`], WINDOW_MS);
      if ((sent.get(`unlock-mail:${emailKey(email)}`) ?? 0) > REQUEST_LIMITS.unlockMailsPerAccount) return;
      const token = newToken();
      const lang = user.language === "en" ? "en" : "es";
      const link = platformLink(config, "/", { unlock: token });
      const text = MAIL[lang].text(user.firstName, link, UNLOCK_TTL_MINUTES);
      // The link and its e-mail in one transaction (the outbox); urgent, and platform mail like a reset.
      await db.transaction(async (tx) => {
        await links.insertUnlock(tx, {
          userId: user.id,
          token,
          expiresAt: new Date(Date.now() + UNLOCK_TTL_MINUTES * 60_000),
        });
        await deps.mailer.send({ to: user.email, subject: MAIL[lang].subject, text, urgent: true, schoolId: null }, tx);
      });
    });
  }

  /** Consumes an unlock link and trusts `deviceId` for its account; 422 UNLOCK_TOKEN_INVALID when it is not live. */
  async function unlock(token: string, deviceId: string, ip: string) {
    await enforceLimits(db, [{ key: `unlock:ip:${ip}`, max: REQUEST_LIMITS.unlockPerAddress }]);
    await db.transaction(async (tx) => {
      const userId = await links.takeUnlock(tx, token);
      if (userId === undefined) throw new AppError("UNLOCK_TOKEN_INVALID");
      await tx
        .insert(trustedDevices)
        .values({ userId, deviceHash: hashToken(deviceId) })
        .onConflictDoNothing();
    });
  }

  return { offer, unlock };
}

export type LoginUnlockService = ReturnType<typeof createLoginUnlockService>;
