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
import { useMcKey, useMcMutation } from "../shared/keys.ts";

const BASE = "/api/grade-config";

/** The whole grade configuration: settings, scales with their versions, measures, alert rules, sections. */
export function useGradeConfig() {
  const key = useMcKey();
  return useQuery({
    queryKey: key("grade-config"),
    queryFn: () => api<{ data: { grade_config: GradeConfig } }>(BASE).then((r) => r.data.grade_config),
  });
}

const createScale = (body: ScaleBody) =>
  api<{ data: { scale: ConfigScale } }>(`${BASE}/scales`, { method: "POST", body });
const updateScale = (id: number, body: Partial<UpdateScaleBody>) =>
  api<{ data: { scale: ConfigScale } }>(`${BASE}/scales/${id}`, { method: "PATCH", body });
const createMeasure = (body: MeasureBody) =>
  api<{ data: { measure: ConfigMeasure } }>(`${BASE}/measures`, { method: "POST", body });
const updateMeasure = (id: number, body: Partial<UpdateMeasureBody>) =>
  api<{ data: { measure: ConfigMeasure } }>(`${BASE}/measures/${id}`, { method: "PATCH", body });
const createRule = (body: AlertRuleBody) =>
  api<{ data: { alert_rule: AlertRule } }>(`${BASE}/alert-rules`, { method: "POST", body });
const updateRule = (id: number, body: Partial<UpdateAlertRuleBody>) =>
  api<{ data: { alert_rule: AlertRule } }>(`${BASE}/alert-rules/${id}`, { method: "PATCH", body });

/** Creates a scale, or changes the one given (a rated definition becomes a new version on the server). */
export const useSaveScale = (id: number | null) =>
  useMcMutation((body: ScaleBody) => (id ? updateScale(id, body) : createScale(body)));
export const useSetScaleActive = () =>
  useMcMutation(({ id, active }: { id: number; active: boolean }) => updateScale(id, { is_active: active }));
export const useDeleteScale = () => useMcMutation((id: number) => api(`${BASE}/scales/${id}`, { method: "DELETE" }));

export const useSaveMeasure = (id: number | null) =>
  useMcMutation((body: MeasureBody) => {
    if (!id) return createMeasure(body);
    const { kind: _kind, ...change } = body;
    return updateMeasure(id, change);
  });
export const useSetMeasureActive = () =>
  useMcMutation(({ id, active }: { id: number; active: boolean }) => updateMeasure(id, { is_active: active }));
export const useDeleteMeasure = () =>
  useMcMutation((id: number) => api(`${BASE}/measures/${id}`, { method: "DELETE" }));
/** Puts the habits in the order given (every habit id). */
export const useOrderHabits = () =>
  useMcMutation((ids: number[]) => api(`${BASE}/habits/order`, { method: "PUT", body: { ids } }));

export const useSaveSettings = () =>
  useMcMutation((body: RatingSettingsBody) =>
    api<{ data: { settings: RatingSettings } }>(`${BASE}/settings`, { method: "PUT", body }),
  );
/** Loads the suggested setup into a school without scales. */
export const useStarterSetup = () => useMcMutation(() => api(`${BASE}/starter`, { method: "POST" }));

export const useSaveAlertRule = (id: number | null) =>
  useMcMutation((body: AlertRuleBody) => (id ? updateRule(id, body) : createRule(body)));
export const useSetAlertRuleActive = () =>
  useMcMutation(({ id, active }: { id: number; active: boolean }) => updateRule(id, { is_active: active }));
export const useDeleteAlertRule = () =>
  useMcMutation((id: number) => api(`${BASE}/alert-rules/${id}`, { method: "DELETE" }));
