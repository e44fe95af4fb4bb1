import { Button } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '../../../../shared/paths';
import { searchMaxLength } from '../../../../shared/limits';
import { useSuggestions } from '../../../entities/courses/get-suggestions';
import classes from './hero-search.module.css';

const SUGGEST_DELAY_MS = 200;

/**
 * The home page's search: the catalogue's suggestions (the same server titles as on
 * /allcourses, typos forgiven) offered by the browser's own list (`<datalist>`), so the home
 * page's first download carries no dropdown code. A plain GET form to /allcourses?q=…: it
 * searches before the app has loaded, and without JavaScript at all.
 */
export function HeroSearch() {
  const { t } = useTranslation('catalog');
  const navigate = useNavigate();
  const id = useId();
  const [text, setText] = useState('');
  const [debounced] = useDebouncedValue(text, SUGGEST_DELAY_MS);
  const suggestions = useSuggestions(debounced);
  const titles = debounced.trim() && text.trim() ? (suggestions.data?.items.map((item) => item.title) ?? []) : [];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const q = text.trim();
    void navigate(paths.allCourses(q ? new URLSearchParams({ q }) : undefined));
  };

  return (
    <form role="search" action={paths.allCourses()} method="get" onSubmit={submit} className={classes.form}>
      <label htmlFor={`${id}-q`} className={classes.label}>
        {t('search.label')}
      </label>
      <div className={classes.row}>
        <input
          id={`${id}-q`}
          name="q"
          type="search"
          className={classes.input}
          placeholder={t('search.placeholder')}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          maxLength={searchMaxLength}
          list={`${id}-suggestions`}
          autoComplete="off"
          enterKeyHint="search"
        />
        <Button type="submit" size="lg">
          {t('search.submit')}
        </Button>
      </div>
      <datalist id={`${id}-suggestions`}>
        {titles.map((title) => (
          <option key={title} value={title} />
        ))}
      </datalist>
    </form>
  );
}
