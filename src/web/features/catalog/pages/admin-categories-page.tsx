import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminCategory, AdminSubcategory } from '../../../../shared/schemas/admin';
import { useAdminCategories } from '../api/get-admin-categories';
import { useChangeCategory, type CategoryChange } from '../api/manage-categories';
import { adminOnly, AdminPage, confirmAndRun, ListState } from '../../admin';
import { NameForm } from '../components/category-name-form';

/** /admin/categorias — create, rename, disable and enable categories and their subcategories. */
function CategoriesScreen() {
  const { t } = useTranslation('admin');
  const categories = useAdminCategories();
  const change = useChangeCategory();
  const items = categories.data ?? [];
  return (
    <AdminPage title={t('categories.title')}>
      <Text mb="md">{t('categories.intro')}</Text>
      <Paper withBorder p="md" mb="lg">
        <NameForm
          label={t('categories.newCategory')}
          submitLabel={t('categories.create')}
          onSubmit={(name) => change.mutateAsync({ kind: 'createCategory', name })}
        />
      </Paper>
      <ListState isPending={categories.isPending} error={categories.error} isEmpty={items.length === 0} emptyText={t('categories.empty')} />
      <Stack>
        {items.map((category) => (
          <CategoryCard key={category.id} category={category} />
        ))}
      </Stack>
    </AdminPage>
  );
}

function useToggle() {
  const { t } = useTranslation('admin');
  const change = useChangeCategory();
  return (kind: 'category' | 'subcategory', item: { id: number; disabledAt: string | null; name: string }) => {
    const disabled = Boolean(item.disabledAt);
    const action: CategoryChange['kind'] =
      kind === 'category' ? (disabled ? 'enableCategory' : 'disableCategory') : disabled ? 'enableSubcategory' : 'disableSubcategory';
    void confirmAndRun({
      title: t('confirm.title'),
      text: disabled ? t('confirm.enable') : t('confirm.disable'),
      confirmLabel: disabled ? t('confirm.confirmEnable') : t('confirm.confirmDisable'),
      cancelLabel: t('confirm.cancel'),
      cancelled: t(disabled ? 'cancelled.categoryStillDisabled' : 'cancelled.categoryStillEnabled', { name: item.name }),
      done: t(disabled ? 'done.categoryEnabled' : 'done.categoryDisabled', { name: item.name }),
      action: () => change.mutateAsync({ kind: action, id: item.id } as CategoryChange),
    });
  };
}

function StatusBadge({ disabledAt }: { disabledAt: string | null }) {
  const { t } = useTranslation('admin');
  return (
    <Badge color={disabledAt ? 'gray' : 'teal'} variant="light">
      {disabledAt ? t('status.inactive') : t('status.active')}
    </Badge>
  );
}

function CategoryCard({ category }: { category: AdminCategory }) {
  const { t } = useTranslation('admin');
  const change = useChangeCategory();
  const toggle = useToggle();
  const [renaming, setRenaming] = useState(false);
  return (
    <Paper withBorder p="md" component="section" aria-label={category.name}>
      {renaming ? (
        <NameForm
          label={t('categories.rename', { name: category.name })}
          submitLabel={t('categories.save')}
          initial={category.name}
          onSubmit={(name) => change.mutateAsync({ kind: 'renameCategory', id: category.id, name })}
          onCancel={() => setRenaming(false)}
        />
      ) : (
        <Group justify="space-between" wrap="wrap">
          <Group gap="sm">
            <Title order={2} size="h4">
              {category.name}
            </Title>
            <StatusBadge disabledAt={category.disabledAt} />
            <Text size="sm" c="dimmed">
              {t('categories.courseCount', { count: category.courseCount })}
            </Text>
          </Group>
          <Group gap="xs">
            <Button size="xs" variant="light" onClick={() => setRenaming(true)} aria-label={t('categories.renameNamed', { name: category.name })}>
              {t('categories.renameButton')}
            </Button>
            <Button
              size="xs"
              variant="light"
              color={category.disabledAt ? 'teal' : 'red'}
              onClick={() => toggle('category', category)}
              aria-label={t(category.disabledAt ? 'categories.enableNamed' : 'categories.disableNamed', { name: category.name })}
            >
              {category.disabledAt ? t('courses.enable') : t('courses.disable')}
            </Button>
          </Group>
        </Group>
      )}
      <Stack gap="xs" mt="md" pl={{ base: 0, sm: 'lg' }}>
        {category.subcategories.length === 0 ? <Text size="sm">{t('categories.noSubcategories')}</Text> : null}
        {category.subcategories.map((subcategory) => (
          <SubcategoryRow key={subcategory.id} subcategory={subcategory} />
        ))}
        <NameForm
          label={t('categories.newSubcategory', { name: category.name })}
          submitLabel={t('categories.add')}
          onSubmit={(name) => change.mutateAsync({ kind: 'createSubcategory', categoryId: category.id, name })}
        />
      </Stack>
    </Paper>
  );
}

function SubcategoryRow({ subcategory }: { subcategory: AdminSubcategory }) {
  const { t } = useTranslation('admin');
  const change = useChangeCategory();
  const toggle = useToggle();
  const [renaming, setRenaming] = useState(false);
  if (renaming) {
    return (
      <NameForm
        label={t('categories.rename', { name: subcategory.name })}
        submitLabel={t('categories.save')}
        initial={subcategory.name}
        onSubmit={(name) => change.mutateAsync({ kind: 'renameSubcategory', id: subcategory.id, name })}
        onCancel={() => setRenaming(false)}
      />
    );
  }
  return (
    <Group justify="space-between" wrap="wrap" gap="xs">
      <Group gap="sm">
        <Text fw={500}>{subcategory.name}</Text>
        <StatusBadge disabledAt={subcategory.disabledAt} />
        <Text size="sm" c="dimmed">
          {t('categories.courseCount', { count: subcategory.courseCount })}
        </Text>
      </Group>
      <Group gap="xs">
        <Button size="xs" variant="subtle" onClick={() => setRenaming(true)} aria-label={t('categories.renameNamed', { name: subcategory.name })}>
          {t('categories.renameButton')}
        </Button>
        <Button
          size="xs"
          variant="light"
          color={subcategory.disabledAt ? 'teal' : 'red'}
          onClick={() => toggle('subcategory', subcategory)}
          aria-label={t(subcategory.disabledAt ? 'categories.enableNamed' : 'categories.disableNamed', { name: subcategory.name })}
        >
          {subcategory.disabledAt ? t('courses.enable') : t('courses.disable')}
        </Button>
      </Group>
    </Group>
  );
}

export const AdminCategoriesPage = adminOnly(CategoriesScreen);
