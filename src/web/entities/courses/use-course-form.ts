import { schemaResolver, useForm, type FormErrors, type UseFormReturnType } from '@mantine/form';
import type { z } from 'zod';
import { centsToUsd, usdToCents, type CourseForEdit } from '../../../shared/schemas/courses';

/**
 * The course form as its inputs hold it: text, a number once typed (or the text typed so far),
 * null for an empty select. The price is in US$, as people type it; the API takes cents.
 */
export type CourseFormValues = {
  title: string;
  imageUrl: string;
  categoryId: string | null;
  subcategoryId: string | null;
  /** Shown, never sent: the server computes the course's length from its lessons ('' before there are any). */
  durationHours: number | string;
  description: string;
  language: string | null;
  level: string | null;
  priceUsd: number | string;
  teacherName: string;
  /** "What you'll learn" and "Requirements", one item a line; null where the form does not edit them (the admin's). */
  learningOutcomes: string | null;
  requirements: string | null;
};

/** A course's current details, as the teacher's and the admin's course reads give them. */
type CourseDetails = Pick<
  CourseForEdit,
  'title' | 'imageUrl' | 'categoryId' | 'subcategoryId' | 'durationHours' | 'description' | 'language' | 'level' | 'priceCents' | 'teacherName'
> &
  Partial<Pick<CourseForEdit, 'learningOutcomes' | 'requirements'>>;

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
  learningOutcomes: '',
  requirements: '',
});

export const courseFormFrom = (course: CourseDetails): CourseFormValues => ({
  title: course.title,
  imageUrl: course.imageUrl ?? '',
  categoryId: String(course.categoryId),
  subcategoryId: String(course.subcategoryId),
  durationHours: course.durationHours,
  description: course.description,
  language: course.language,
  level: course.level,
  priceUsd: centsToUsd(course.priceCents),
  teacherName: course.teacherName,
  learningOutcomes: course.learningOutcomes?.join('\n') ?? null,
  requirements: course.requirements?.join('\n') ?? null,
});

/**
 * A list typed one item a line, blank lines left out; null where the form does not edit it (the
 * API leaves it as it is; null, not undefined, so that the edit forms' `.required()` schemas take it).
 */
const linesOf = (text: string | null) =>
  text === null
    ? null
    : text
        .split('\n')
        .map((line) => line.trim())
        .filter(Boolean);

/** A number input's value as the schema wants it: undefined when empty, a number when it is one. */
const numberOf = (value: number | string | null): unknown => {
  if (value === null || value === '') return undefined;
  if (typeof value === 'number') return value;
  const parsed = Number(value.replace(',', '.'));
  return Number.isFinite(parsed) ? parsed : value;
};

/** The form's values in the shared schemas' (and the API's) shape. */
export function courseInputOf(values: CourseFormValues) {
  const priceUsd = numberOf(values.priceUsd);
  return {
    title: values.title,
    imageUrl: values.imageUrl,
    categoryId: numberOf(values.categoryId),
    subcategoryId: numberOf(values.subcategoryId),
    description: values.description,
    language: values.language ?? undefined,
    level: values.level ?? undefined,
    priceCents: typeof priceUsd === 'number' ? usdToCents(priceUsd) : priceUsd,
    teacherName: values.teacherName,
    learningOutcomes: linesOf(values.learningOutcomes),
    requirements: linesOf(values.requirements),
  };
}

/**
 * Errors by the form's field: the first of each field, whose input shows it (`videoIds.1` is
 * the videos' field; the schema's `priceCents` is the input in US$). Messages stay keys
 * (`validation.<name>`), translated where they are shown.
 */
function errorsByField(errors: Record<string, unknown>): FormErrors {
  const byField: FormErrors = {};
  for (const [path, message] of Object.entries(errors)) {
    const [first = path] = path.split('.');
    const field = first === 'priceCents' ? 'priceUsd' : first;
    byField[field] ??= message as string;
  }
  return byField;
}

/** The server's field errors of a refused save (`ApiError.fields`), for `form.setErrors`. */
export const courseFormErrorsFromServer = (fields: Record<string, string[]> | undefined): FormErrors =>
  errorsByField(Object.fromEntries(Object.entries(fields ?? {}).map(([field, messages]) => [field, messages[0]])));

/**
 * The course form's state (`@mantine/form`), checked by a shared schema: `createCourseSchema`
 * or `editCourseSchema`. A field's error shows once it is left, or after a submit attempt, so
 * nobody is scolded while still typing; a change clears it, the server's included. `extra`
 * adds what the form holds elsewhere (the uploaded videos). Submitting hands over the
 * schema's output, ready for the API.
 */
export function useCourseForm<S extends z.ZodType>(schema: S, initialValues: CourseFormValues, extra: () => Record<string, unknown> = () => ({})) {
  const inputOf = (values: CourseFormValues) => ({ ...courseInputOf(values), ...extra() });
  const resolve = schemaResolver(schema, { sync: true });
  return useForm<CourseFormValues, z.output<S>>({
    mode: 'controlled',
    initialValues,
    validate: (values) => errorsByField(resolve(inputOf(values))),
    validateInputOnBlur: true,
    transformValues: (values) => schema.parse(inputOf(values)),
  });
}

export type CourseForm = UseFormReturnType<CourseFormValues, unknown>;
