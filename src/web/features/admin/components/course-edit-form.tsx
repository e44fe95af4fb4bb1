import { Button, Group, NativeSelect, NumberInput, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { courseLanguages, courseLevels, limits } from '../../../../shared/limits';
import type { AdminCourseDetail } from '../../../../shared/schemas/admin';
import { editCourseSchema, type EditCourseInput } from '../../../../shared/schemas/courses';

const adminCourseEditSchema = editCourseSchema.required();
import { showDialog } from '../../../components/dialogs';
import { isApiError } from '../../../lib/api-client';
import { errorMessage, fieldErrorMessage } from '../../../lib/error-message';
import { useUpdateCourse } from '../api/update-course';
import { useCheckedForm } from './use-checked-form';

type Values = {
  title: string;
  teacherName: string;
  description: string;
  /** US$, as typed; the API takes cents. */
  price: number | string;
  durationHours: number | string;
  level: string;
  language: string;
  imageUrl: string;
};

const toInput = (values: Values) => ({
  title: values.title,
  teacherName: values.teacherName,
  description: values.description,
  priceCents: values.price === '' ? undefined : Math.round(Number(values.price) * 100),
  durationHours: values.durationHours === '' ? undefined : Number(values.durationHours),
  level: values.level || undefined,
  language: values.language || undefined,
  imageUrl: values.imageUrl,
});

/** The admin's course edit form, with the teacher's rules (shared schema); submit stays disabled until they hold. */
export function CourseEditForm({ course }: { course: AdminCourseDetail }) {
  const { t } = useTranslation(['admin', 'common']);
  const update = useUpdateCourse(course.id);
  const form = useCheckedForm<Values, typeof adminCourseEditSchema>(
    adminCourseEditSchema,
    {
      title: course.title,
      teacherName: course.teacherName,
      description: course.description,
      price: course.priceCents / 100,
      durationHours: course.durationHours,
      level: course.level,
      language: course.language,
      imageUrl: course.imageUrl ?? '',
    },
    toInput,
  );
  const error = (field: keyof Values & string, path: string = field) => {
    const key = form.errorOf(field, path);
    return key ? fieldErrorMessage(key) : undefined;
  };
  const field = (name: keyof Values & string) => ({
    onBlur: () => form.touch(name),
  });

  const submit = async () => {
    if (!form.output) return;
    try {
      await update.mutateAsync(form.output as EditCourseInput);
      await showDialog({ icon: 'success', title: t('done.courseEdited.title'), text: t('done.courseEdited.text') });
    } catch (failure) {
      if (isApiError(failure) && failure.fields) form.setServerErrors(failure.fields);
      await showDialog({ icon: 'error', title: errorMessage(failure) });
    }
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
      noValidate
    >
      <Stack>
        <TextInput
          label={t('courseForm.title')}
          required
          value={form.values.title}
          onChange={(event) => form.set('title', event.currentTarget.value)}
          error={error('title')}
          {...field('title')}
        />
        <TextInput
          label={t('courseForm.teacherName')}
          required
          value={form.values.teacherName}
          onChange={(event) => form.set('teacherName', event.currentTarget.value)}
          error={error('teacherName')}
          {...field('teacherName')}
        />
        <Textarea
          label={t('courseForm.description')}
          required
          rows={4}
          resize="vertical"
          value={form.values.description}
          onChange={(event) => form.set('description', event.currentTarget.value)}
          error={error('description')}
          description={t('courseForm.descriptionCount', { count: form.values.description.trim().length })}
          {...field('description')}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <NumberInput
            label={t('courseForm.price')}
            required
            min={0}
            max={limits.priceMaxUsd}
            decimalScale={2}
            prefix="$"
            value={form.values.price}
            onChange={(value) => form.set('price', value)}
            error={error('price', 'priceCents')}
            onBlur={() => form.touch('price')}
          />
          <NumberInput
            label={t('courseForm.duration')}
            required
            min={0}
            max={limits.durationMaxHours}
            allowDecimal={false}
            value={form.values.durationHours}
            onChange={(value) => form.set('durationHours', value)}
            error={error('durationHours')}
            onBlur={() => form.touch('durationHours')}
          />
          <NativeSelect
            label={t('courseForm.level')}
            required
            value={form.values.level}
            onChange={(event) => form.set('level', event.currentTarget.value)}
            data={courseLevels.map((level) => ({ value: level, label: t(`common:course.levels.${level}`) }))}
            error={error('level')}
          />
          <NativeSelect
            label={t('courseForm.language')}
            required
            value={form.values.language}
            onChange={(event) => form.set('language', event.currentTarget.value)}
            data={courseLanguages.map((language) => ({ value: language, label: t(`common:course.languages.${language}`) }))}
            error={error('language')}
          />
        </SimpleGrid>
        <TextInput
          label={t('courseForm.image')}
          type="url"
          value={form.values.imageUrl}
          onChange={(event) => form.set('imageUrl', event.currentTarget.value)}
          error={error('imageUrl')}
          {...field('imageUrl')}
        />
        <Group justify="flex-end">
          <Button type="submit" disabled={!form.valid} loading={update.isPending}>
            {t('courseForm.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
