import { registerStudentFileTab } from "../../student-file/index.ts";
import { MessagesTab } from "./MessagesTab.tsx";

/**
 * The messages module's tab in the student's file (its server side, section key "messages", in
 * modules/messages: shown to staff with messages.read whose scope reaches the student, and to the family).
 */
export function registerMessagesFileTab() {
  registerStudentFileTab({ key: "messages", ns: "messages", labelKey: "tab", Panel: MessagesTab });
}
