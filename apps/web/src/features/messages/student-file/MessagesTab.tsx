import type { StudentFileTabProps } from "../../student-file/index.ts";
import { ConversationView } from "../components/ConversationView.tsx";

/**
 * The Messages tab of a student's file (issue 27 §1): the student's conversation in place, with its composer —
 * the same thread the inbox and an incident's details open, so the orientadora answers the head teacher's
 * conversation from here.
 */
export function MessagesTab({ studentId }: StudentFileTabProps) {
  return <ConversationView studentId={studentId} />;
}
