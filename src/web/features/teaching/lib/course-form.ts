import { useState } from 'react';
import type { z } from 'zod';
import { usdToCents, type CourseForEdit } from '../../../../shared/schemas/courses';

/** The course form as its inputs hold it: text, or a number once typed, or null for an empty select. */
export type CourseFormValues = {
  title: string;
  imageUrl: string;
  categoryId: string | null;
  subcategoryId: string | null;
  durationHours: number | string;
  description: string;
  language: string | null;
  level: string | null;
  priceUsd: number | string;
  teacherName: string;
};

export type CourseField = keyof CourseFormValues | 'videoIds';
export type FieldMessages = Partial<Record<CourseField, string>>;

export const emptyCourseForm = (teacherName = ''): CourseFormValues => ({
  title: '',
  imageUrl: '',
  categoryId: null,
  subcategoryId: null,
  durationHours: '',
  description: '',
  language: null,
  level: null,
  priceUsd: '',
  teacherName,
});

export const courseFormFrom = (course: CourseForEdit): CourseFormValues => ({
  title: course.title,
  imageUrl: course.imageUrl ?? '',
  categoryId: String(course.categoryId),
  subcategoryId: String(course.subcategoryId),
  durationHours: course.durationHours,
  description: course.description,
  language: course.language,
  level: course.level,
  priceUsd: course.priceCents / 100,
  teacherName: course.teacherName,
});

/** A number input's value as the schema wants it: undefined when empty, a number when it is one. */
const numberOf = (value: number | string | null): unknown => {
  if (value === null || value === '') return undefined;
  if (typeof value === 'number') return value;
  const parsed = Number(value.replace(',', '.'));
  return Number.isFinite(parsed) ? parsed : value;
};

/** The form's values in the API's (and the shared schema's) shape. */
export function courseInputOf(values: CourseFormValues) {
  return {
    title: values.title,
    imageUrl: values.imageUrl,
    categoryId: numberOf(values.categoryId),
    subcategoryId: numberOf(values.subcategoryId),
    durationHours: numberOf(values.durationHours),
    description: values.description,
    language: values.language ?? undefined,
    level: values.level ?? undefined,
    priceCents: ((usd) => (typeof usd === 'number' ? usdToCents(usd) : usd))(numberOf(values.priceUsd)),
    teacherName: values.teacherName,
  };
}

/** The first message of each field, from a zod result or the server's field errors. */
export function messagesOf(issues: { path: PropertyKey[]; message: string }[]): FieldMessages {
  const messages: FieldMessages = {};
  for (const issue of issues) {
    const path = String(issue.path[0] ?? '');
    const field = (path === 'priceCents' ? 'priceUsd' : path) as CourseField;
    messages[field] ??= issue.message;
  }
  return messages;
}

export function fieldMessagesFromServer(fields: Record<string, string[]> | undefined): FieldMessages {
  return messagesOf(Object.entries(fields ?? {}).flatMap(([field, list]) => list.map((message) => ({ path: [field], message }))));
}

/**
 * Form state with the shared schema's rules: errors show once a field was left (or after a
 * submit attempt), so nobody is scolded while still typing; the server's field errors show
 * until the field changes.
 */
export function useCourseForm<S extends z.ZodType>(schema: S, initial: CourseFormValues, extra: (values: CourseFormValues) => Record<string, unknown> = () => ({})) {
  const [values, setValues] = useState(initial);
  const [touched, setTouched] = useState<Partial<Record<CourseField, boolean>>>({});
  const [showAll, setShowAll] = useState(false);
  const [serverMessages, setServerMessages] = useState<FieldMessages>({});

  const result = schema.safeParse({ ...courseInputOf(values), ...extra(values) });
  const messages = result.success ? {} : messagesOf(result.error.issues);

  const set = <K extends keyof CourseFormValues>(field: K, value: CourseFormValues[K]) => {
    setValues((current) => {
      const next = { ...current, [field]: value };
      // A new category empties the subcategory, which belonged to the old one.
      if (field === 'categoryId' && value !== current.categoryId) next.subcategoryId = null;
      return next;
    });
    setServerMessages((current) => ({ ...current, [field]: undefined }));
  };

  const errorOf = (field: CourseField): string | undefined => serverMessages[field] ?? (showAll || touched[field] ? messages[field] : undefined);

  return {
    values,
    set,
    reset: (next: CourseFormValues) => {
      setValues(next);
      setTouched({});
      setShowAll(false);
      setServerMessages({});
    },
    touch: (field: CourseField) => setTouched((current) => (current[field] ? current : { ...current, [field]: true })),
    showAllErrors: () => setShowAll(true),
    setServerMessages,
    errorOf,
    isValid: result.success,
    parsed: result.success ? (result.data as z.output<S>) : null,
  };
}

export type CourseForm = ReturnType<typeof useCourseForm>;
