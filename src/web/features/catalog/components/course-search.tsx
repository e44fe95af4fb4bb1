import { Autocomplete, Button, Group } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { searchMaxLength } from '../../../../shared/limits';
import { paths } from '../../../../shared/paths';
import { useSuggestions } from '../../../entities/courses/get-suggestions';

const SUGGEST_DELAY_MS = 200;

/**
 * The search box: up to five course titles are suggested as you type (typos forgiven, by
 * the server); Enter, the button or a suggestion searches. Before the app takes over (or without
 * JavaScript) the form is a plain GET of the listing with `q`.
 */
export function CourseSearch({ value, onSearch }: { value: string; onSearch: (q: string | undefined) => void }) {
  const { t } = useTranslation('catalog');
  const [text, setText] = useState(value);
  // The URL changed under us (back button, "Explorar de nuevo"): show its search.
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    setText(value);
  }
  const [debounced] = useDebouncedValue(text, SUGGEST_DELAY_MS);
  const suggestions = useSuggestions(debounced);
  const titles = debounced.trim() && text.trim() ? (suggestions.data?.items.map((item) => item.title) ?? []) : [];

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    onSearch(text.trim() || undefined);
  };

  return (
    <form role="search" action={paths.allCourses()} method="get" onSubmit={submit}>
      <Group align="flex-end" gap="sm" wrap="nowrap">
        <Autocomplete
          label={t('search.label')}
          name="q"
          placeholder={t('search.placeholder')}
          value={text}
          onChange={setText}
          data={titles}
          // The server already chose and ranked them (a typo still finds its course).
          filter={({ options }) => options}
          onOptionSubmit={(title) => {
            setText(title);
            onSearch(title);
          }}
          maxLength={searchMaxLength}
          style={{ flex: 1 }}
          comboboxProps={{ withinPortal: true }}
        />
        <Button type="submit">{t('search.submit')}</Button>
      </Group>
    </form>
  );
}
