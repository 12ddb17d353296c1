import type { DeadlineKind } from "@convive/domain";
import type { TFunction } from "i18next";

/** A step's deadline in words: "El mismo día", "24 horas", "5 días hábiles". */
export const deadlineText = (step: { deadline_kind: DeadlineKind; deadline_amount: number }, t: TFunction) =>
  step.deadline_kind === "same_day"
    ? t("incidentsConfig:protocols.deadline.same_day")
    : t(`incidentsConfig:protocols.deadline.${step.deadline_kind}`, { count: step.deadline_amount });
