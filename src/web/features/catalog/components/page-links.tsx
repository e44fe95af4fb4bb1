import { Group, Pagination } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/**
 * Numbered pages as links, not buttons: each page has its address, and paging works with
 * JavaScript off. Nothing when everything fits on one page.
 */
export function PageLinks({ pageCount, current, pageLink }: { pageCount: number; current: number; pageLink: (page: number) => string }) {
  const { t } = useTranslation('catalog');
  if (pageCount <= 1) return null;
  const shown = Math.min(current, pageCount);
  return (
    <Group justify="center" component="nav" aria-label={t('pagination.label')}>
      <Pagination
        total={pageCount}
        value={shown}
        onChange={() => window.scrollTo({ top: 0 })}
        siblings={1}
        getItemProps={(page) => ({ component: Link, to: pageLink(page), 'aria-label': t('pagination.page', { page }) })}
        getControlProps={(control) => {
          const target = control === 'previous' ? shown - 1 : control === 'next' ? shown + 1 : null;
          if (target === null) return {};
          const label = t(control === 'previous' ? 'pagination.previous' : 'pagination.next');
          // At either end the control stays a disabled button: there is no page to link to.
          return target < 1 || target > pageCount ? { 'aria-label': label } : { component: Link, to: pageLink(target), 'aria-label': label };
        }}
      />
    </Group>
  );
}
