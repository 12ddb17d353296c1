import type { FastifyRequest } from "fastify";
import type { Tenant } from "../../plugins/access.ts";

/** Who changes the grade configuration: the school, and the member (named on the scale versions they add). */
export interface Editor {
  tenant: Tenant;
  userId: number;
}

export const editorOf = (request: FastifyRequest): Editor => ({
  tenant: request.tenant!,
  userId: request.principal!.userId,
});
