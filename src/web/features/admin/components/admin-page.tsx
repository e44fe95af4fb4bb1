import { Anchor, Container, Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../../shared/paths';
import { PageTitle } from '../../../components/page-title';

type AdminPageProps = {
  title: string;
  /** The link above the title; the admin home by default, none on the admin home itself. */
  back?: { to: string; label: string } | null;
  actions?: ReactNode;
  children: ReactNode;
};

/** The frame of every admin screen: a way back and the one heading (pages are gated by `adminOnly`). */
export function AdminPage({ title, back, actions, children }: AdminPageProps) {
  const { t } = useTranslation('admin');
  const backLink = back === undefined ? { to: paths.admin(), label: t('home.back') } : back;
  return (
    <Container size="lg" py="xl">
      {backLink ? (
        <Anchor component={Link} to={backLink.to} size="sm" mb="xs" display="inline-block">
          ← {backLink.label}
        </Anchor>
      ) : null}
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <PageTitle title={title} />
        {actions}
      </Group>
      {children}
    </Container>
  );
}
