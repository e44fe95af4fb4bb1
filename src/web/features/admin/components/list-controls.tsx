import { Group, NativeSelect, Pagination, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { activityFilters, type ActivityFilter } from '../../../../shared/schemas/admin';

/** The "Activo / Inactivo" select of the course and user lists. */
export function StatusSelect({ value, onChange }: { value: ActivityFilter; onChange: (value: ActivityFilter) => void }) {
  const { t } = useTranslation('admin');
  return (
    <NativeSelect
      label={t('status.label')}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value as ActivityFilter)}
      data={activityFilters.map((filter) => ({ value: filter, label: t(`status.${filter}`) }))}
      w={180}
    />
  );
}

/** A search box that reports what was typed once typing pauses. */
export function SearchBox({ value, onSearch, label }: { value: string; onSearch: (text: string) => void; label: string }) {
  const [text, setText] = useState(value);
  const report = useDebouncedCallback(onSearch, 300);
  return (
    <TextInput
      type="search"
      label={label}
      value={text}
      onChange={(event) => {
        setText(event.currentTarget.value);
        report(event.currentTarget.value.trim());
      }}
      w={{ base: '100%', xs: 280 }}
    />
  );
}

/** Page buttons for a long list; nothing when everything fits on one page. */
export function Pager({ page, pageCount, onChange }: { page: number; pageCount: number; onChange: (page: number) => void }) {
  const { t } = useTranslation('admin');
  if (pageCount <= 1) return null;
  return (
    <Group justify="center" mt="lg">
      <Pagination
        total={pageCount}
        value={page}
        onChange={onChange}
        getControlProps={(control) => ({ 'aria-label': t(`pager.${control}`) })}
        getItemProps={(item) => ({ 'aria-label': t('pager.page', { count: item }) })}
      />
    </Group>
  );
}
