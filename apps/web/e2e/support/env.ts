/// <reference types="node" />
import { fileURLToPath } from "node:url";

/** Where everything the suite needs lives, and the fixed port of the server it starts (playwright.config.ts). */
export const REPO_ROOT = fileURLToPath(new URL("../../../../", import.meta.url));
export const WEB_ROOT = fileURLToPath(new URL("../../", import.meta.url));
export const ARTIFACTS_DIR = process.env.E2E_ARTIFACTS ?? `${REPO_ROOT}artifacts`;
export const SCREENSHOTS_DIR = `${ARTIFACTS_DIR}/screenshots`;

export const E2E_PORT = Number(process.env.E2E_PORT ?? 3210);
export const BASE_URL = `http://127.0.0.1:${E2E_PORT}`;

/** The password of every demo account (apps/server/src/db/seed/demo.ts). */
export const DEMO_PASSWORD = "Convive.2026!";

/** Demo accounts (apps/server/src/db/seed/demo.ts), each showing one sign-in situation. */
export const DEMO = {
  root: "root@convive.test",
  director: "director@convive.test",
  docente: "docente@convive.test",
  familia: "familia@convive.test",
  multi: "multi@convive.test",
  norte: "norte@convive.test",
  nuevo: "nuevo@convive.test",
  sinrol: "sinrol@convive.test",
  sinescuela: "sinescuela@convive.test",
  inactivo: "inactivo@convive.test",
} as const;

export const COLEGIO = { id: "colegio-demo", name: "Colegio Demo Andes" } as const;
export const NORTE = { id: "instituto-norte", name: "Instituto Norte" } as const;
