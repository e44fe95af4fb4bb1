import { Tabs } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '../../shared/paths';

export type MyCoursesTab = 'myCourses' | 'favourites';

const tabPaths: Record<MyCoursesTab, () => string> = { myCourses: paths.myCourses, favourites: paths.favourites };

/**
 * The tabs "Mis Cursos" and "Mis Favoritos" of /mycourses and /favourites (spec section 2).
 * Each tab is its page's address, so a tab can be linked to and survives a reload; the
 * page puts its own list in `children`.
 */
export function MyCoursesTabs({ active, children }: { active: MyCoursesTab; children: ReactNode }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Tabs
      value={active}
      onChange={(value) => {
        if (value && value !== active) void navigate(tabPaths[value as MyCoursesTab]());
      }}
    >
      <Tabs.List mb="lg" aria-label={t('myCoursesTabs.label')}>
        <Tabs.Tab value="myCourses">{t('myCoursesTabs.myCourses')}</Tabs.Tab>
        <Tabs.Tab value="favourites">{t('myCoursesTabs.favourites')}</Tabs.Tab>
      </Tabs.List>
      {/* Both panels exist (each tab points at its panel); only the active one has content. */}
      <Tabs.Panel value="myCourses">{active === 'myCourses' ? children : null}</Tabs.Panel>
      <Tabs.Panel value="favourites">{active === 'favourites' ? children : null}</Tabs.Panel>
    </Tabs>
  );
}
