import { NumberInput, Select, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { courseLanguages, courseLevels, limits } from '../../../../shared/limits';
import { fieldErrorMessage } from '../../../lib/error-message';
import type { CategoryOption } from '../api/get-categories';
import type { CourseField, CourseForm } from '../lib/course-form';

type CourseFieldsProps = {
  form: CourseForm;
  /** Given on /form: category and subcategory are chosen once, at creation. */
  categories?: CategoryOption[];
};

/** The course form's inputs, shared by /form and /course/editcourse/:id. */
export function CourseFields({ form, categories }: CourseFieldsProps) {
  const { t } = useTranslation(['teaching', 'common']);
  const { values, set, touch } = form;
  const error = (field: CourseField) => {
    const key = form.errorOf(field);
    return key ? fieldErrorMessage(key) : undefined;
  };
  const subcategories = categories?.find((category) => String(category.id) === values.categoryId)?.subcategories ?? [];
  const descriptionLength = values.description.trim().length;

  return (
    <Stack gap="md">
      <TextInput label={t('fields.title')} required value={values.title} onChange={(event) => set('title', event.currentTarget.value)} onBlur={() => touch('title')} error={error('title')} maxLength={limits.titleMax + 20} />
      <TextInput
        label={t('fields.image')}
        description={t('fields.imageHint')}
        type="url"
        inputMode="url"
        placeholder="https://"
        value={values.imageUrl}
        onChange={(event) => set('imageUrl', event.currentTarget.value)}
        onBlur={() => touch('imageUrl')}
        error={error('imageUrl')}
      />
      {categories ? (
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select
            label={t('fields.category')}
            placeholder={t('fields.categoryPlaceholder')}
            required
            data={categories.map((category) => ({ value: String(category.id), label: category.name }))}
            value={values.categoryId}
            onChange={(value) => set('categoryId', value)}
            onBlur={() => touch('categoryId')}
            error={error('categoryId')}
            searchable
            nothingFoundMessage="—"
          />
          <Select
            label={t('fields.subcategory')}
            placeholder={t('fields.subcategoryPlaceholder')}
            required
            data={subcategories.map((subcategory) => ({ value: String(subcategory.id), label: subcategory.name }))}
            value={values.subcategoryId}
            onChange={(value) => set('subcategoryId', value)}
            onBlur={() => touch('subcategoryId')}
            error={error('subcategoryId')}
            disabled={!values.categoryId}
          />
        </SimpleGrid>
      ) : null}
      <Textarea
        label={t('fields.description')}
        required
        rows={4}
        value={values.description}
        onChange={(event) => set('description', event.currentTarget.value)}
        onBlur={() => touch('description')}
        error={error('description')}
        description={
          <Text
            component="span"
            size="xs"
            c={descriptionLength < limits.descriptionMin || descriptionLength > limits.descriptionMax ? 'red.8' : 'dimmed'}
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
          value={values.language}
          onChange={(value) => set('language', value)}
          onBlur={() => touch('language')}
          error={error('language')}
        />
        <Select
          label={t('fields.level')}
          placeholder={t('fields.levelPlaceholder')}
          required
          data={courseLevels.map((level) => ({ value: level, label: t(`common:course.levels.${level}`) }))}
          value={values.level}
          onChange={(value) => set('level', value)}
          onBlur={() => touch('level')}
          error={error('level')}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <NumberInput
          label={t('fields.duration')}
          required
          min={1}
          max={limits.durationMaxHours}
          allowDecimal={false}
          allowNegative={false}
          value={values.durationHours}
          onChange={(value) => set('durationHours', value)}
          onBlur={() => touch('durationHours')}
          error={error('durationHours')}
        />
        <NumberInput
          label={t('fields.price')}
          description={t('fields.priceHint')}
          required
          min={0}
          max={limits.priceMaxUsd}
          decimalScale={2}
          allowNegative={false}
          value={values.priceUsd}
          onChange={(value) => set('priceUsd', value)}
          onBlur={() => touch('priceUsd')}
          error={error('priceUsd')}
        />
      </SimpleGrid>
      <TextInput
        label={t('fields.teacher')}
        required
        value={values.teacherName}
        onChange={(event) => set('teacherName', event.currentTarget.value)}
        onBlur={() => touch('teacherName')}
        error={error('teacherName')}
      />
    </Stack>
  );
}
