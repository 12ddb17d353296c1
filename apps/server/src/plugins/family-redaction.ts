import { ROLE_FAMILIAR } from "@convive/domain";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { Db } from "../db/client.ts";
import { familyAnswer } from "../lib/family-reader.ts";
import { requestLanguage } from "../lib/language.ts";

/**
 * Every JSON answer to a family member passes lib/family-reader.ts before it is serialised (issue 24 §1): the one
 * choke point for what a family reads, so no route, present or future, can send them another child's name. It runs
 * after the handler and before the response schema, on objects only — files (PDF, XLSX) and prebuilt strings are
 * made for the family where they are made, through the same reader.
 */
export const familyRedactionPlugin = fp(async (app: FastifyInstance, opts: { db: Db }) => {
  app.addHook("preSerialization", async (request, _reply, payload) => {
    const { tenant, principal } = request;
    if (!tenant || !principal || tenant.profileName !== ROLE_FAMILIAR) return payload;
    if (payload === null || typeof payload !== "object") return payload;
    const who = { schoolId: tenant.schoolId, userId: principal.userId, language: requestLanguage(request.headers) };
    return familyAnswer(opts.db, who, payload);
  });
});
