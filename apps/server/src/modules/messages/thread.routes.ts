import {
  Conversation,
  CorrectMessageBody,
  envelope,
  IdParam,
  IncidentMessageRef,
  MessagesUnread,
  perm,
  SendMessageBody,
  ThreadMessage,
} from "@convive/domain";
import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import { z } from "zod";
import { AUTH_ERRORS, sendGeneratedFile } from "../../lib/http.ts";
import { requestLanguage } from "../../lib/language.ts";
import { registerSensitiveKind } from "../../lib/read-log.ts";
import { resourceRoutes } from "../../lib/resource-routes.ts";
import type { Viewer } from "../incidents/index.ts";
import type { ConversationPdf } from "./pdf.service.ts";
import type { SendService } from "./send.service.ts";
import type { ThreadService } from "./thread.service.ts";

export const viewerOf = (request: FastifyRequest): Viewer => ({
  tenant: request.tenant!,
  userId: request.principal!.userId,
  language: requestLanguage(request.headers),
});

// A family's conversation with the school about their child says something of the child: staff reads are logged
// (issue 25 §3), one entry for the student. A family member's own reads are not (the log is of staff reads).
registerSensitiveKind("message.conversation", {
  es: "Conversación con la familia",
  en: "Conversation with the family",
});

export const readers = { access: "school", permissions: [perm("messages", "read")] } as const;
export const writers = { access: "school", permissions: [perm("messages", "create")] } as const;

/** A student's conversation: read it, mark it read, write in it, correct a message, export it; an incident's list. */
export const threadRoutes: FastifyPluginAsync<{
  thread: ThreadService;
  send: SendService;
  pdf: ConversationPdf;
}> = async (app, { thread, send, pdf }) => {
  const r = resourceRoutes(app, { tags: ["messages"], access: () => readers });

  r.route(
    "GET",
    "/api/students/:id/conversation",
    200,
    envelope(Conversation),
    {
      action: "read",
      config: readers,
      params: IdParam,
      description:
        "The student's conversation with the family (one per student): messages oldest first with receipts and corrections (earlier texts for staff only), the school team and the family in it, and whether the caller may write now (cannot_write_reason: an error code). The student's team (whoever may open the file) and the student's family; 404 otherwise.",
    },
    async ({ request, params }) => {
      const { conversation } = await thread.read(viewerOf(request), params.id);
      if (conversation.id !== null) request.logRead("message.conversation", conversation.id, params.id);
      return conversation;
    },
  );

  r.route(
    "POST",
    "/api/students/:id/conversation/read",
    200,
    envelope(MessagesUnread),
    {
      action: "read",
      config: { ...readers, idempotency: { exempt: "Marks what the caller has read: a repeat marks nothing new." } },
      params: IdParam,
      description:
        "The caller has read the conversation: a receipt for each message by someone else not yet read (the first read is kept) and the caller's new unread figures, also pushed as messages:unread.",
    },
    ({ request, params }) => thread.markRead(viewerOf(request), params.id),
  );

  r.route(
    "POST",
    "/api/students/:id/messages",
    201,
    envelope(ThreadMessage),
    {
      action: "create",
      config: writers,
      params: IdParam,
      body: SendMessageBody,
      description:
        "Writes in the student's conversation (created by its first message). Staff: 409 MESSAGE_NO_FAMILY without a family member linked; 403 MESSAGE_STARTERS_ONLY for the first message when the school lets only the team start. Families: only their children's, never urgent (422 MESSAGE_URGENT_STAFF_ONLY). incident_id: one of the student's incidents the caller sees (404); attachment_ids: the caller's own unsent uploads (422 MESSAGE_ATTACHMENT_UNAVAILABLE). Notifies, e-mails the recipients not online (held in quiet hours for families unless urgent) and pushes messages:new.",
    },
    ({ request, params, body }) => send.send(viewerOf(request), params.id, body),
  );

  r.route(
    "PATCH",
    "/api/messages/:id",
    200,
    envelope(ThreadMessage),
    {
      action: "update",
      config: writers,
      params: IdParam,
      body: CorrectMessageBody,
      description:
        "Corrects a message: its author only (403 for other readers, 404 for others), within MESSAGE_CORRECTION_MINUTES of sending it (409 MESSAGE_CORRECTION_CLOSED). The text it replaces is kept and shown to staff; nothing is deleted.",
    },
    ({ request, params, body }) => send.correct(viewerOf(request), params.id, body),
  );

  r.route(
    "GET",
    "/api/incidents/:id/messages",
    200,
    envelope(z.array(IncidentMessageRef)),
    {
      action: "read",
      config: readers,
      params: IdParam,
      description:
        "The messages about the incident (without their text) whose conversations the caller may read; 404 when the incident is outside the caller's scope.",
    },
    ({ request, params }) => thread.aboutIncident(viewerOf(request), params.id),
  );

  app.get(
    "/api/students/:id/conversation/pdf",
    {
      config: readers,
      schema: {
        tags: ["messages"],
        description:
          "The conversation as a PDF in the caller's language: who wrote, when, corrections (earlier texts for staff) and read receipts. A family's copy passes the family reader.",
        params: IdParam,
        response: { 200: z.any(), ...AUTH_ERRORS },
      },
    },
    async (request, reply) => {
      const { id } = request.params as { id: number };
      const file = await pdf.draw(viewerOf(request), id);
      if (file.conversationId !== null) request.logRead("message.conversation", file.conversationId, id);
      return sendGeneratedFile(reply, {
        name: file.name,
        type: "application/pdf",
        body: file.pdf,
        disposition: "inline",
      });
    },
  );
};
