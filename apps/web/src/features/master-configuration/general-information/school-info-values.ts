import type { SchoolInfo } from "@convive/domain";
import type { UseFormReturnType } from "@mantine/form";

/** The general-information form's values: the school's fields as the inputs hold them. */
export interface Values {
  name: string;
  legal_name: string;
  cct: string;
  address: string;
  phone: string;
  email: string;
  time_zone: string;
  max_file_size_in_mb: number | string;
  institutional_color_1: string;
  institutional_color_2: string;
  institutional_color_3: string;
  institutional_color_4: string;
  privacy_notice_es: string;
  privacy_notice_en: string;
}

export const COLOR_FIELDS = [
  "institutional_color_1",
  "institutional_color_2",
  "institutional_color_3",
  "institutional_color_4",
] as const;
export const NOTICE_FIELDS = ["privacy_notice_es", "privacy_notice_en"] as const;

export const valuesOf = (s: SchoolInfo): Values => ({
  name: s.name,
  legal_name: s.legal_name ?? "",
  cct: s.cct ?? "",
  address: s.address ?? "",
  phone: s.phone ?? "",
  email: s.email ?? "",
  time_zone: s.time_zone,
  max_file_size_in_mb: s.max_file_size_in_mb,
  institutional_color_1: s.institutional_color_1,
  institutional_color_2: s.institutional_color_2,
  institutional_color_3: s.institutional_color_3,
  institutional_color_4: s.institutional_color_4,
  privacy_notice_es: s.privacy_notice_es ?? "",
  privacy_notice_en: s.privacy_notice_en ?? "",
});

export type SchoolInfoFormType = UseFormReturnType<Values>;

/** The size field's value as the API takes it: a number, or undefined while empty. */
export const numberOrNull = (v: number | string) =>
  typeof v === "number" ? v : v.trim() === "" ? undefined : Number(v);
