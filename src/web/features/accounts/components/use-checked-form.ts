import { useState } from 'react';
import type { z } from 'zod';

/**
 * Form state checked by a shared zod schema on every change. `valid` enables the submit
 * button; a field's error shows once the field was left (or a submit was tried), as the
 * keys of the schema's messages, for `t()`.
 */
export function useCheckedForm<Values extends Record<string, unknown>, Schema extends z.ZodType>(
  schema: Schema,
  initial: Values,
  toInput: (values: Values) => unknown = (values) => values,
) {
  const [values, setValues] = useState(initial);
  const [touched, setTouched] = useState<Partial<Record<keyof Values, boolean>>>({});
  const [serverErrors, setServerErrors] = useState<Record<string, string[]>>({});
  const parsed = schema.safeParse(toInput(values));
  const clientErrors: Record<string, string> = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? '');
      clientErrors[field] ??= issue.message;
    }
  }
  /** `path` names the schema's field when the form's differs (a value the form holds in other units). */
  const errorOf = (field: keyof Values & string, path: string = field): string | undefined =>
    serverErrors[path]?.[0] ?? (touched[field] ? clientErrors[path] : undefined);

  return {
    values,
    valid: parsed.success,
    output: parsed.success ? (parsed.data as z.output<Schema>) : undefined,
    errorOf,
    set: <K extends keyof Values>(field: K, value: Values[K]) => {
      setValues((current) => ({ ...current, [field]: value }));
      // A server error belongs to the value it was given for: any edit clears them.
      setServerErrors((current) => (Object.keys(current).length ? {} : current));
    },
    touch: (field: keyof Values) => setTouched((current) => ({ ...current, [field]: true })),
    setServerErrors,
    reset: (next: Values) => {
      setValues(next);
      setTouched({});
      setServerErrors({});
    },
  };
}
