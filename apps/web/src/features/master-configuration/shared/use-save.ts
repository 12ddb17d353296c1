import { useState } from "react";
import { useTranslation } from "react-i18next";
import { failureOf, focusFirstError } from "../../../lib/form-errors.ts";
import { toast } from "../../../lib/toast.ts";

interface FieldErrorTarget {
  setErrors: (errors: Record<string, string>) => void;
  values: object;
}

/**
 * One save of a form: 'Saved successfully!' or 'Failed to save!' (spec §8), the server's field errors put on the
 * form's fields and any other reason kept for the form to show.
 */
export function useSave(form: FieldErrorTarget) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const run = async <T>(action: () => Promise<T>, onSaved?: (result: T) => void) => {
    setBusy(true);
    setFailure(null);
    try {
      const result = await action();
      toast("success", t("messages.saved"));
      onSaved?.(result);
      return true;
    } catch (error) {
      toast("error", t("messages.saveFailed"));
      const { message, fieldErrors } = failureOf(error, Object.keys(form.values));
      form.setErrors(fieldErrors);
      focusFirstError(fieldErrors);
      setFailure(message);
      return false;
    } finally {
      setBusy(false);
    }
  };

  return { busy, failure, run, clearFailure: () => setFailure(null) };
}
