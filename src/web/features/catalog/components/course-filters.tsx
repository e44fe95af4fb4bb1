import { NativeSelect, SimpleGrid } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { courseSorts, limits, type CourseSort } from '../../../../shared/limits';
import type { Category } from '../../../../shared/schemas/catalog';
import { useCategoryName } from '../../../entities/courses/category-names';
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
 *
 * Native selects: a phone shows its own picker, and the catalogue's first screen needs none of
 * the code of Mantine's custom dropdown (45 KB, and a positioning pass per select while the page
 * hydrates).
 */
export function CourseFilters({ filters, categories, onChange }: CourseFiltersProps) {
  const { t } = useTranslation('catalog');
  const categoryName = useCategoryName();
  const category = categories.find((item) => item.id === filters.categoryId);
  const toId = (value: string) => (value !== ALL ? Number(value) : undefined);

  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
      <NativeSelect
        label={t('filters.category')}
        data={[{ value: ALL, label: t('filters.allCategories') }, ...categories.map((item) => ({ value: String(item.id), label: categoryName(item.name) }))]}
        value={filters.categoryId === undefined ? ALL : String(filters.categoryId)}
        onChange={(event) => onChange({ categoryId: toId(event.currentTarget.value), subcategoryId: undefined })}
      />
      <NativeSelect
        label={t('filters.subcategory')}
        data={[
          { value: ALL, label: t('filters.allSubcategories') },
          ...(category?.subcategories ?? []).map((item) => ({ value: String(item.id), label: categoryName(item.name) })),
        ]}
        value={filters.subcategoryId === undefined ? ALL : String(filters.subcategoryId)}
        onChange={(event) => onChange({ subcategoryId: toId(event.currentTarget.value) })}
        disabled={!category}
      />
      <NativeSelect
        label={t('filters.rating')}
        data={[
          { value: ALL, label: t('filters.allRatings') },
          ...Array.from({ length: limits.ratingMax }, (_, index) => ({ value: String(index + 1), label: t('filters.stars', { count: index + 1 }) })),
        ]}
        value={filters.rating === undefined ? ALL : String(filters.rating)}
        onChange={(event) => onChange({ rating: toId(event.currentTarget.value) })}
      />
      <NativeSelect
        label={t('sort.label')}
        data={courseSorts.map((sort) => ({ value: sort, label: t(`sort.${sort}`) }))}
        value={filters.sort ?? 'newest'}
        onChange={(event) => {
          const sort = event.currentTarget.value as CourseSort;
          onChange({ sort: sort !== 'newest' ? sort : undefined });
        }}
      />
    </SimpleGrid>
  );
}
