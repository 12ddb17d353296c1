import { Textarea, type TextareaProps } from "@mantine/core";
import { useRef } from "react";
import { FamilyTextWarning } from "../../components/FamilyTextWarning.tsx";

interface Props extends TextareaProps {
  /** The field's current text (the form's value), which the warning reads. */
  text: string;
  /** The students of the record: the warning flags names of other students in text a family will read. */
  students: readonly { id: number; name: string }[];
  visibleToFamily: boolean;
}

/** The free text of an incident or an observation, with the warning about other students' names under it. */
export function FamilyTextField({ text, students, visibleToFamily, ...props }: Props) {
  const field = useRef<HTMLTextAreaElement>(null);
  return (
    <>
      <Textarea withAsterisk autosize minRows={3} size="md" ref={field} {...props} />
      <FamilyTextWarning text={text} students={students} enabled={visibleToFamily} field={field} />
    </>
  );
}
