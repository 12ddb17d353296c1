import { ADDRESS_FIELDS, type AddressField } from "@convive/domain";
import { Grid, TextInput, Title } from "@mantine/core";
import type { UseFormReturnType } from "@mantine/form";
import { useTranslation } from "react-i18next";

export type AddressValues = Record<AddressField, string>;

export const emptyAddress = (from?: Partial<Record<AddressField, string | undefined>> | null): AddressValues =>
  Object.fromEntries(ADDRESS_FIELDS.map((f) => [f, from?.[f] ?? ""])) as AddressValues;

/** Only the parts with a value (the API keeps what is sent; "" clears a part). */
export const addressBody = (values: AddressValues) =>
  Object.fromEntries(ADDRESS_FIELDS.map((f) => [f, values[f].trim()])) as AddressValues;

const SPAN: Record<AddressField, { base: number; sm: number }> = {
  street: { base: 12, sm: 6 },
  outside_number: { base: 6, sm: 3 },
  inside_number: { base: 6, sm: 3 },
  neighbourhood: { base: 12, sm: 6 },
  postal_code: { base: 6, sm: 3 },
  municipality: { base: 6, sm: 3 },
  delegation: { base: 6, sm: 4 },
  city: { base: 6, sm: 4 },
  state: { base: 6, sm: 4 },
  country: { base: 6, sm: 4 },
};

/** The ten parts of an address (spec §3), laid out as a postal form; two columns on a phone. */
// biome-ignore lint/suspicious/noExplicitAny: any form whose values have an `address` object.
export function AddressFields({ form }: { form: UseFormReturnType<any> }) {
  const { t } = useTranslation("masterStudents");
  return (
    <>
      <Title order={3} size="h6" mt="xs">
        {t("address.title")}
      </Title>
      <Grid gap="sm">
        {ADDRESS_FIELDS.map((f) => (
          <Grid.Col key={f} span={SPAN[f]}>
            <TextInput
              label={t(`address.${f}`)}
              maxLength={120}
              autoComplete="off"
              inputMode={f === "postal_code" ? "numeric" : undefined}
              {...form.getInputProps(`address.${f}`)}
            />
          </Grid.Col>
        ))}
      </Grid>
    </>
  );
}
