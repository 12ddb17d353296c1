import {
  CreateFamilyMemberBody,
  type FamilyMember,
  isValidRfc,
  normalizeId,
  RELATIONSHIPS,
  type Relationship,
  UpdateFamilyMemberBody,
} from "@convive/domain";
import { Checkbox, Grid, Group, Select, Textarea, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { IconCheck } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { FormModal } from "../../../components/FormModal.tsx";
import { schemaErrors } from "../../../lib/form-validation.ts";
import { toast } from "../../../lib/toast.ts";
import { fullName } from "../shared/format.ts";
import { InfoNotes } from "../shared/InfoNotes.tsx";
import { NameFields } from "../shared/NameFields.tsx";
import { AddressFields, type AddressValues, addressBody, emptyAddress } from "./AddressFields.tsx";
import { useSaveFamilyMember } from "./api.ts";

interface Values {
  email: string;
  first_name: string;
  paternal_surname: string;
  maternal_surname: string;
  rfc: string;
  phone: string;
  alternate_phone: string;
  relationship: string | null;
  can_pick_up: boolean;
  is_emergency_contact: boolean;
  address: AddressValues;
  observations: string;
}

/**
 * A family member of one student. A family member of the school (a sibling's parent) is linked at once; any other
 * e-mail is invited and linked when the person accepts (issue 9). The names are the person's own once their
 * account is in use; what the school keeps (RFC, phones, address, notes) and the link stay editable.
 */
export function FamilyMemberForm({
  studentId,
  member,
  onClose,
}: {
  studentId: number;
  member: FamilyMember | null;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation("masterStudents");
  const namesLocked = member !== null && !member.identity_editable;
  const form = useForm<Values>({
    initialValues: {
      email: member?.email ?? "",
      first_name: member?.first_name ?? "",
      paternal_surname: member?.paternal_surname ?? "",
      maternal_surname: member?.maternal_surname ?? "",
      rfc: member?.rfc ?? "",
      phone: member?.phone ?? "",
      alternate_phone: member?.alternate_phone ?? "",
      relationship: member?.relationship ?? null,
      can_pick_up: member?.can_pick_up ?? false,
      is_emergency_contact: member?.is_emergency_contact ?? false,
      address: emptyAddress(member?.address),
      observations: member?.observations ?? "",
    },
    validate: (v) => {
      const errors = schemaErrors(member ? UpdateFamilyMemberBody : CreateFamilyMemberBody, body(v), t, {
        relationship: { "*": t("common:messages.emptyFields") },
      });
      const rfc = normalizeId(v.rfc);
      if (rfc && !isValidRfc(rfc)) errors.rfc = t("family.rfcInvalid");
      if (!v.relationship) errors.relationship = t("common:messages.emptyFields");
      return errors;
    },
  });
  const save = useSaveFamilyMember({ form });
  const rfc = normalizeId(form.values.rfc);
  const rfcLive = rfc.length >= 13 ? (isValidRfc(rfc) ? "ok" : "bad") : null;

  function body(v: Values) {
    return {
      ...(member ? {} : { email: v.email, language: (i18n.resolvedLanguage === "en" ? "en" : "es") as "es" | "en" }),
      ...(namesLocked
        ? {}
        : { first_name: v.first_name, paternal_surname: v.paternal_surname, maternal_surname: v.maternal_surname }),
      rfc: normalizeId(v.rfc),
      phone: v.phone,
      alternate_phone: v.alternate_phone,
      relationship: (v.relationship ?? undefined) as Relationship,
      can_pick_up: v.can_pick_up,
      is_emergency_contact: v.is_emergency_contact,
      address: addressBody(v.address),
      observations: v.observations,
    };
  }

  const submit = form.onSubmit((v) =>
    save.submit(
      member
        ? { studentId, userId: member.user_id, body: body(v) }
        : { studentId, userId: null, body: CreateFamilyMemberBody.parse(body(v)) },
      (result) => {
        if (result?.invitation) toast("success", t("family.invited", { email: result.invitation.email }));
        else if (result?.family_member) toast("info", t("family.linked", { email: result.family_member.email }));
        onClose();
      },
    ),
  );

  return (
    <FormModal
      opened
      onClose={onClose}
      size="xl"
      title={member ? t("family.editTitle", { name: fullName(member) }) : t("family.createTitle")}
      onSubmit={submit}
      submitLabel={member ? undefined : t("family.submitAdd")}
      save={save}
    >
      <InfoNotes
        notes={[
          !member && { kind: "hint", text: t("family.createHint") },
          namesLocked && { kind: "locked", text: t("family.namesOwned") },
        ]}
      />
      <Grid gap="sm">
        <Grid.Col span={{ base: 12, sm: 7 }}>
          <TextInput
            label={t("family.email")}
            type="email"
            required={!member}
            disabled={!!member}
            autoComplete="off"
            data-autofocus
            maxLength={254}
            {...form.getInputProps("email")}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 5 }}>
          <Select
            label={t("family.relationship")}
            required
            placeholder={t("student.pick")}
            data={RELATIONSHIPS.map((r) => ({ value: r, label: t(`relationships.${r}`) }))}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
            {...form.getInputProps("relationship")}
          />
        </Grid.Col>
        <NameFields
          form={form}
          disabled={namesLocked}
          labels={{
            first_name: t("student.firstName"),
            paternal_surname: t("student.paternalSurname"),
            maternal_surname: t("student.maternalSurname"),
          }}
        />
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <TextInput
            label={t("family.rfc")}
            placeholder={t("family.rfcHint")}
            maxLength={13}
            autoCapitalize="characters"
            autoComplete="off"
            styles={{ input: { fontFamily: "var(--mantine-font-family-monospace)" } }}
            {...form.getInputProps("rfc")}
            onChange={(e) => form.setFieldValue("rfc", e.currentTarget.value.toUpperCase())}
            error={form.errors.rfc ?? (rfcLive === "bad" ? t("family.rfcInvalid") : null)}
            rightSection={
              rfcLive === "ok" ? (
                <IconCheck size={16} color="var(--mantine-color-teal-8)" aria-label={t("family.rfcValid")} />
              ) : null
            }
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <TextInput label={t("family.phone")} type="tel" maxLength={30} {...form.getInputProps("phone")} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <TextInput
            label={t("family.alternatePhone")}
            type="tel"
            maxLength={30}
            {...form.getInputProps("alternate_phone")}
          />
        </Grid.Col>
      </Grid>
      <Group gap="lg">
        <Checkbox label={t("family.canPickUp")} {...form.getInputProps("can_pick_up", { type: "checkbox" })} />
        <Checkbox
          label={t("family.emergencyContact")}
          {...form.getInputProps("is_emergency_contact", { type: "checkbox" })}
        />
      </Group>
      <AddressFields form={form} />
      <Textarea
        label={t("student.observations")}
        autosize
        minRows={2}
        maxRows={6}
        maxLength={2000}
        {...form.getInputProps("observations")}
      />
    </FormModal>
  );
}
