import { and, eq, gt, isNull } from "drizzle-orm";
import type { Config } from "../../config/config.ts";
import type { Db } from "../../db/client.ts";
import { passwordResets } from "../../db/schema/index.ts";
import { AppError } from "../../lib/errors.ts";
import type { Mailer } from "../../lib/mailer.ts";
import { hashPassword } from "../../lib/passwords.ts";
import { hashToken, newToken } from "../../lib/tokens.ts";
import * as users from "../users/users.repository.ts";
import type { AuthService } from "./auth.service.ts";

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
  log: (msg: string) => void;
}) {
  const { db, config } = deps;

  /**
   * E-mails a single-use link (256-bit token, valid RESET_TOKEN_TTL_MINUTES) when the account exists.
   * The answer is the same either way; the e-mail goes out after the answer so timing does not tell.
   */
  async function requestReset(email: string): Promise<void> {
    const user = await users.findUserByEmail(db, email);
    if (!user?.isActive) return;
    const token = newToken();
    await db.insert(passwordResets).values({
      userId: user.id,
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + config.RESET_TOKEN_TTL_MINUTES * 60_000),
    });
    const lang = user.language === "en" ? "en" : "es";
    const link = `${config.PUBLIC_URL.replace(/\/$/, "")}/RecoverPassword/reset?token=${token}`;
    deps.mailer
      .send({
        to: user.email,
        subject: MAIL[lang].subject,
        text: MAIL[lang].text(user.firstName, link, config.RESET_TOKEN_TTL_MINUTES),
      })
      .catch((error: unknown) => deps.log(`password reset e-mail to user ${user.id} failed: ${String(error)}`));
  }

  /** Consumes the token, sets the password (password_updated = 1) and ends every session of the user. */
  async function resetPassword(token: string, password: string, confirmation: string): Promise<void> {
    deps.auth.checkNewPassword(password, confirmation);
    const passwordHash = await hashPassword(password);
    const userId = await db.transaction(async (tx) => {
      const [used] = await tx
        .update(passwordResets)
        .set({ usedAt: new Date() })
        .where(
          and(
            eq(passwordResets.tokenHash, hashToken(token)),
            isNull(passwordResets.usedAt),
            gt(passwordResets.expiresAt, new Date()),
          ),
        )
        .returning({ userId: passwordResets.userId });
      if (!used) throw new AppError("RESET_TOKEN_INVALID");
      await users.updateUserRow(tx, used.userId, { passwordHash, passwordUpdated: 1 });
      return used.userId;
    });
    await deps.auth.endAllSessions(userId);
  }

  return { requestReset, resetPassword };
}
