import { Grid, TextInput } from "@mantine/core";
import type { UseFormReturnType } from "@mantine/form";

interface Names {
  first_name: string;
  paternal_surname: string;
  maternal_surname: string;
}

/**
 * A person's three name fields, a third of the row each from `sm` up. `disabled` when the names are the person's
 * own (their account is in use) and the school may no longer change them.
 */
export function NameFields<T extends Names>({
  form,
  labels,
  disabled,
}: {
  form: UseFormReturnType<T>;
  labels: Record<keyof Names, string>;
  disabled: boolean;
}) {
  return (["first_name", "paternal_surname", "maternal_surname"] as const).map((field) => (
    <Grid.Col key={field} span={{ base: 12, sm: 4 }}>
      <TextInput
        label={labels[field]}
        required={field === "first_name"}
        maxLength={80}
        disabled={disabled}
        {...form.getInputProps(field)}
      />
    </Grid.Col>
  ));
}
