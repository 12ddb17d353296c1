import type {
  AlertRule,
  AlertRuleBody,
  ConfigMeasure,
  ConfigScale,
  GradeConfig,
  MeasureBody,
  RatingSettings,
  RatingSettingsBody,
  ScaleBody,
  UpdateAlertRuleBody,
  UpdateMeasureBody,
  UpdateScaleBody,
} from "@convive/domain";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import { type SaveOptions, useSave } from "../../../lib/use-save.ts";
import { MC, useMcKey } from "../shared/keys.ts";

const BASE = "/api/grade-config";

/** The whole grade configuration: settings, scales with their versions, measures, alert rules, sections. */
export function useGradeConfig() {
  const key = useMcKey();
  return useQuery({
    queryKey: key("grade-config"),
    queryFn: () => api<{ data: { grade_config: GradeConfig } }>(BASE).then((r) => r.data.grade_config),
  });
}

const createScale = (body: ScaleBody, key?: string) =>
  api<{ data: { scale: ConfigScale } }>(`${BASE}/scales`, { method: "POST", body, idempotencyKey: key });
const updateScale = (id: number, body: Partial<UpdateScaleBody>) =>
  api<{ data: { scale: ConfigScale } }>(`${BASE}/scales/${id}`, { method: "PATCH", body });
const createMeasure = (body: MeasureBody, key?: string) =>
  api<{ data: { measure: ConfigMeasure } }>(`${BASE}/measures`, { method: "POST", body, idempotencyKey: key });
const updateMeasure = (id: number, body: Partial<UpdateMeasureBody>) =>
  api<{ data: { measure: ConfigMeasure } }>(`${BASE}/measures/${id}`, { method: "PATCH", body });
const createRule = (body: AlertRuleBody, key?: string) =>
  api<{ data: { alert_rule: AlertRule } }>(`${BASE}/alert-rules`, { method: "POST", body, idempotencyKey: key });
const updateRule = (id: number, body: Partial<UpdateAlertRuleBody>) =>
  api<{ data: { alert_rule: AlertRule } }>(`${BASE}/alert-rules/${id}`, { method: "PATCH", body });

/** Creates a scale, or changes the one given (a rated definition becomes a new version on the server). */
export const useSaveScale = (id: number | null, o?: SaveOptions) =>
  useSave({
    ...o,
    call: (body: ScaleBody, key: string) => (id ? updateScale(id, body) : createScale(body, key)),
    invalidates: MC,
  });
export const useSetScaleActive = (o?: SaveOptions) =>
  useSave({
    ...o,
    call: ({ id, active }: { id: number; active: boolean }) => updateScale(id, { is_active: active }),
    invalidates: MC,
  });
export const useDeleteScale = (o?: SaveOptions) =>
  useSave({ ...o, call: (id: number) => api(`${BASE}/scales/${id}`, { method: "DELETE" }), invalidates: MC });

export const useSaveMeasure = (id: number | null, o?: SaveOptions) =>
  useSave({
    ...o,
    call: (body: MeasureBody, key: string) => {
      if (!id) return createMeasure(body, key);
      const { kind: _kind, ...change } = body;
      return updateMeasure(id, change);
    },
    invalidates: MC,
  });
export const useSetMeasureActive = (o?: SaveOptions) =>
  useSave({
    ...o,
    call: ({ id, active }: { id: number; active: boolean }) => updateMeasure(id, { is_active: active }),
    invalidates: MC,
  });
export const useDeleteMeasure = (o?: SaveOptions) =>
  useSave({ ...o, call: (id: number) => api(`${BASE}/measures/${id}`, { method: "DELETE" }), invalidates: MC });
/** Puts the habits in the order given (every habit id). */
export const useOrderHabits = (o?: SaveOptions) =>
  useSave({
    ...o,
    call: (ids: number[]) => api(`${BASE}/habits/order`, { method: "PUT", body: { ids } }),
    invalidates: MC,
  });

export const useSaveSettings = (o?: SaveOptions) =>
  useSave({
    ...o,
    call: (body: RatingSettingsBody) =>
      api<{ data: { settings: RatingSettings } }>(`${BASE}/settings`, { method: "PUT", body }),
    invalidates: MC,
  });
/** Loads the suggested setup into a school without scales. */
export const useStarterSetup = (o?: SaveOptions) =>
  useSave<void>({ ...o, call: () => api(`${BASE}/starter`, { method: "POST" }), invalidates: MC });

export const useSaveAlertRule = (id: number | null, o?: SaveOptions) =>
  useSave({
    ...o,
    call: (body: AlertRuleBody, key: string) => (id ? updateRule(id, body) : createRule(body, key)),
    invalidates: MC,
  });
export const useSetAlertRuleActive = (o?: SaveOptions) =>
  useSave({
    ...o,
    call: ({ id, active }: { id: number; active: boolean }) => updateRule(id, { is_active: active }),
    invalidates: MC,
  });
export const useDeleteAlertRule = (o?: SaveOptions) =>
  useSave({ ...o, call: (id: number) => api(`${BASE}/alert-rules/${id}`, { method: "DELETE" }), invalidates: MC });
