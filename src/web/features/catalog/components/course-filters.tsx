import { Select, SimpleGrid } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { courseSorts, limits, type CourseSort } from '../../../../shared/limits';
import type { Category } from '../../../../shared/schemas/catalog';
import type { ListingFilters } from '../listing-params';

const ALL = 'all';

type CourseFiltersProps = {
  filters: ListingFilters;
  categories: Category[];
  onChange: (changes: Partial<ListingFilters>) => void;
};

/**
 * Category ("Todas" plus each), the subcategories of the chosen category (reset with it),
 * rating (all or exactly 1 to 5) and the sort.
 */
export function CourseFilters({ filters, categories, onChange }: CourseFiltersProps) {
  const { t } = useTranslation('catalog');
  const category = categories.find((item) => item.id === filters.categoryId);
  const toId = (value: string | null) => (value && value !== ALL ? Number(value) : undefined);

  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
      <Select
        label={t('filters.category')}
        data={[{ value: ALL, label: t('filters.allCategories') }, ...categories.map((item) => ({ value: String(item.id), label: item.name }))]}
        value={filters.categoryId === undefined ? ALL : String(filters.categoryId)}
        onChange={(value) => onChange({ categoryId: toId(value), subcategoryId: undefined })}
        allowDeselect={false}
      />
      <Select
        label={t('filters.subcategory')}
        data={[
          { value: ALL, label: t('filters.allSubcategories') },
          ...(category?.subcategories ?? []).map((item) => ({ value: String(item.id), label: item.name })),
        ]}
        value={filters.subcategoryId === undefined ? ALL : String(filters.subcategoryId)}
        onChange={(value) => onChange({ subcategoryId: toId(value) })}
        disabled={!category}
        allowDeselect={false}
      />
      <Select
        label={t('filters.rating')}
        data={[
          { value: ALL, label: t('filters.allRatings') },
          ...Array.from({ length: limits.ratingMax }, (_, index) => ({ value: String(index + 1), label: t('filters.stars', { count: index + 1 }) })),
        ]}
        value={filters.rating === undefined ? ALL : String(filters.rating)}
        onChange={(value) => onChange({ rating: toId(value) })}
        allowDeselect={false}
      />
      <Select
        label={t('sort.label')}
        data={courseSorts.map((sort) => ({ value: sort, label: t(`sort.${sort}`) }))}
        value={filters.sort ?? 'newest'}
        onChange={(value) => onChange({ sort: value && value !== 'newest' ? (value as CourseSort) : undefined })}
        allowDeselect={false}
      />
    </SimpleGrid>
  );
}
