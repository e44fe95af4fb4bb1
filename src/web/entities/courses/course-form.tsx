import { NumberInput, Select, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { courseLanguages, courseLevels, limits } from '../../../shared/limits';
import { fieldErrorMessage } from '../../lib/error-message';
import type { CourseForm as CourseFormState, CourseFormValues } from './use-course-form';

/** A category to choose, with its subcategories. */
type CategoryChoice = { id: number; name: string; subcategories: { id: number; name: string }[] };

type CourseFormProps = {
  form: CourseFormState;
  /** `form.onSubmit(save)`: the page's own saving. */
  onSubmit: (event?: FormEvent<HTMLFormElement>) => void;
  /** Given on /form: category and subcategory are chosen once, at creation. */
  categories?: CategoryChoice[];
  /** Names the form for assistive technology. */
  label?: string;
  /** What the page adds under the fields: the videos, its submit button. */
  children: ReactNode;
};

/**
 * The one course form: /form, /course/editcourse/:id and the admin's course page. Its labels
 * are in the `teaching` catalogue (back office, loaded with every page that shows the form).
 */
export function CourseForm({ form, onSubmit, categories, label, children }: CourseFormProps) {
  const { t } = useTranslation(['teaching', 'common']);
  const { values } = form;
  // Errors are field-error keys (from the shared schema or the server), translated here.
  const field = (name: keyof CourseFormValues) => {
    const { error, ...props } = form.getInputProps(name);
    return { ...props, error: error ? fieldErrorMessage(String(error)) : undefined };
  };
  const subcategories = categories?.find((category) => String(category.id) === values.categoryId)?.subcategories ?? [];
  const descriptionLength = values.description.trim().length;

  return (
    <form method="post" onSubmit={onSubmit} noValidate aria-label={label}>
      <Stack gap="lg">
        <Stack gap="md">
          <TextInput label={t('fields.title')} required maxLength={limits.titleMax + 20} {...field('title')} />
          <TextInput label={t('fields.image')} description={t('fields.imageHint')} type="url" inputMode="url" placeholder="https://" {...field('imageUrl')} />
          {categories ? (
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <Select
                label={t('fields.category')}
                placeholder={t('fields.categoryPlaceholder')}
                required
                data={categories.map((category) => ({ value: String(category.id), label: category.name }))}
                searchable
                nothingFoundMessage="—"
                {...field('categoryId')}
                onChange={(value) => {
                  // A new category empties the subcategory, which belonged to the old one.
                  form.setFieldValue('categoryId', value);
                  if (value !== values.categoryId) form.setFieldValue('subcategoryId', null);
                }}
              />
              <Select
                label={t('fields.subcategory')}
                placeholder={t('fields.subcategoryPlaceholder')}
                required
                data={subcategories.map((subcategory) => ({ value: String(subcategory.id), label: subcategory.name }))}
                disabled={!values.categoryId}
                {...field('subcategoryId')}
              />
            </SimpleGrid>
          ) : null}
          <Textarea
            label={t('fields.description')}
            required
            rows={4}
            {...field('description')}
            description={
              <Text
                component="span"
                size="xs"
                // Red once something is typed and it is out of range; an empty field is not an error yet.
                c={descriptionLength > 0 && (descriptionLength < limits.descriptionMin || descriptionLength > limits.descriptionMax) ? 'red.8' : 'dimmed'}
                aria-live="polite"
              >
                {t('fields.descriptionCount', { count: descriptionLength })}
              </Text>
            }
            inputWrapperOrder={['label', 'input', 'description', 'error']}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              label={t('fields.language')}
              placeholder={t('fields.languagePlaceholder')}
              required
              data={courseLanguages.map((language) => ({ value: language, label: t(`common:course.languages.${language}`) }))}
              {...field('language')}
            />
            <Select
              label={t('fields.level')}
              placeholder={t('fields.levelPlaceholder')}
              required
              data={courseLevels.map((level) => ({ value: level, label: t(`common:course.levels.${level}`) }))}
              {...field('level')}
            />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {/* The spec's form has the hours; the server computes them from the lessons, so they are shown, not typed. */}
            <TextInput
              label={t('fields.duration')}
              description={t('fields.durationHint')}
              readOnly
              value={String(values.durationHours)}
              inputWrapperOrder={['label', 'input', 'description', 'error']}
            />
            <NumberInput
              label={t('fields.price')}
              description={t('fields.priceHint')}
              required
              min={0}
              max={limits.priceMaxUsd}
              decimalScale={2}
              allowNegative={false}
              {...field('priceUsd')}
              // The hint under the input, so that both inputs of the row line up.
              inputWrapperOrder={['label', 'input', 'description', 'error']}
            />
          </SimpleGrid>
          <TextInput label={t('fields.teacher')} required {...field('teacherName')} />
          {values.learningOutcomes !== null ? (
            <Textarea label={t('fields.learningOutcomes')} description={t('fields.listHint')} rows={4} {...field('learningOutcomes')} inputWrapperOrder={['label', 'input', 'description', 'error']} />
          ) : null}
          {values.requirements !== null ? (
            <Textarea label={t('fields.requirements')} description={t('fields.listHint')} rows={3} {...field('requirements')} inputWrapperOrder={['label', 'input', 'description', 'error']} />
          ) : null}
        </Stack>
        {children}
      </Stack>
    </form>
  );
}
