import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { schools } from "../../db/schema/index.ts";
import { familyPayload, familyReaderOfUser } from "../../lib/family-reader.ts";
import type { Viewer } from "../incidents/index.ts";
import { conversationPdf } from "./pdf.ts";
import * as thread from "./thread.repository.ts";
import type { ThreadService } from "./thread.service.ts";

/**
 * The conversation's PDF export: the thread exactly as the reader may read it. A PDF is not JSON, so the JSON hook
 * never sees it: a family's copy is passed through the family reader here, where it is made (lib/family-reader.ts).
 */
export function createConversationPdf(deps: { db: Db; thread: ThreadService }) {
  const { db } = deps;

  async function draw(viewer: Viewer, studentId: number) {
    const { schoolId } = viewer.tenant;
    const language = viewer.language ?? "es";
    const { conversation, access } = await deps.thread.read(viewer, studentId);
    const [school] = await db
      .select({ name: schools.name, timeZone: schools.timeZone })
      .from(schools)
      .where(eq(schools.id, schoolId));
    const [me] = await thread.people(db, schoolId, [viewer.userId], language);
    const shown = access.family
      ? await familyPayload(db, await familyReaderOfUser(db, schoolId, viewer.userId, language), conversation)
      : conversation;
    const pdf = await conversationPdf(shown, school!, language, me?.name ?? "");
    const name = `${language === "es" ? "conversacion" : "conversation"}-${studentId}.pdf`;
    return { pdf, name, conversationId: conversation.id };
  }

  return { draw };
}

export type ConversationPdf = ReturnType<typeof createConversationPdf>;
