import { Alert } from "@mantine/core";
import { IconInfoCircle } from "@tabler/icons-react";

/** What a form tells before its fields: blue for how it works, grey for what cannot be changed and why. */
export function InfoNotes({ notes }: { notes: (false | { text: string; kind: "hint" | "locked" })[] }) {
  return notes.map(
    (note) =>
      note && (
        <Alert
          key={note.text}
          variant="light"
          color={note.kind === "hint" ? "blue" : "gray"}
          icon={<IconInfoCircle size={18} aria-hidden />}
        >
          {note.text}
        </Alert>
      ),
  );
}
