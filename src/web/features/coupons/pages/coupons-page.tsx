import { Alert, Anchor, Container, Stack, Text, Title } from '@mantine/core';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatMoney } from '../../../../shared/money';
import { paths } from '../../../../shared/paths';
import type { Referrals } from '../../../../shared/schemas/coupons';
import { DataTable } from '../../../components/data-table';
import { PageTitle } from '../../../components/page-title';
import { CopyLinkButton, absoluteLink } from '../../../entities/coupons/copy-link-button';
import { CouponForm } from '../../../entities/coupons/coupon-form';
import { CouponsTable } from '../../../entities/coupons/coupons-table';
import { useCreateCoupon } from '../../../entities/coupons/create-coupon';
import { useMyCoupons } from '../../../entities/coupons/get-my-coupons';
import { useMyReferrals } from '../../../entities/coupons/get-my-referrals';
import { switchCoupon } from '../../../entities/coupons/switch-coupon';
import { useUpdateCoupon } from '../../../entities/coupons/update-coupon';
import { errorMessage } from '../../../lib/error-message';
import { useSession } from '../../../session/get-session';
import { useCreatedCourses } from '../../teaching';
import { PageSpinner, SignInNeeded } from '../../../components/page-states';

/** /coursescreated/coupons — my coupons (list, switch, create) and my referral links with their figures. */
export function CouponsPage() {
  const { t } = useTranslation('coupons');
  const { user, isPending } = useSession();
  if (isPending) return <PageSpinner />;
  if (!user) return <SignInNeeded title={t('teacher.title')} text={t('teacher.signInNeeded')} />;
  return (
    <Container size="lg" py="xl">
      <Anchor component={Link} to={paths.coursesCreated()} size="sm" mb="xs" display="inline-block">
        ← {t('teacher.backToCreated')}
      </Anchor>
      <PageTitle title={t('teacher.title')} />
      <Stack gap="xl">
        <Section title={t('list.title')}>
          <MyCoupons />
        </Section>
        <Section title={t('referrals.title')}>
          <MyReferrals />
        </Section>
      </Stack>
    </Container>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <Stack component="section" aria-labelledby={headingId} gap="md">
      <Title order={2} size="h3" id={headingId}>
        {title}
      </Title>
      {children}
    </Stack>
  );
}

function MyCoupons() {
  const { t } = useTranslation('coupons');
  const coupons = useMyCoupons();
  const courses = useCreatedCourses();
  const create = useCreateCoupon();
  const update = useUpdateCoupon();
  const onSwitch = switchCoupon(update, t);
  return (
    <>
      {coupons.isPending ? (
        <PageSpinner />
      ) : coupons.isError ? (
        <Alert color="red" role="alert">
          {errorMessage(coupons.error)}
        </Alert>
      ) : (
        <CouponsTable coupons={coupons.data.items} allCoursesText={t('list.allMyCourses')} onSwitch={onSwitch} switchingId={update.isPending ? update.variables.id : null} />
      )}
      <CouponForm create={create} courses={courses.data?.items ?? []} allText={t('form.allMine')} someText={t('form.some')} />
    </>
  );
}

function MyReferrals() {
  const { t, i18n } = useTranslation('coupons');
  const referrals = useMyReferrals();
  if (referrals.isPending) return <PageSpinner />;
  if (referrals.isError) {
    return (
      <Alert color="red" role="alert">
        {errorMessage(referrals.error)}
      </Alert>
    );
  }
  const data: Referrals = referrals.data;
  const money = (cents: number) => formatMoney(cents, i18n.language);
  return (
    <>
      <Text>{t('referrals.explain', { percent: data.teacherPercent, days: data.windowDays })}</Text>
      <DataTable
        label={t('referrals.label')}
        rows={data.items}
        rowKey={(item) => item.courseId}
        minWidth={760}
        verticalSpacing="sm"
        highlightOnHover
        empty={<Text>{t('referrals.empty')}</Text>}
        columns={[
          { key: 'course', header: t('referrals.columns.course'), cell: (item) => <Text fw={600}>{item.title}</Text> },
          {
            key: 'link',
            header: t('referrals.columns.link'),
            cell: (item) => (
              <Stack gap={4} align="flex-start">
                <Text size="sm" ff="monospace" style={{ wordBreak: 'break-all' }}>
                  {absoluteLink(item.link)}
                </Text>
                <CopyLinkButton link={item.link} name={item.title} />
              </Stack>
            ),
          },
          { key: 'visits', header: t('referrals.columns.visits'), align: 'right', cell: (item) => String(item.visits) },
          { key: 'sales', header: t('referrals.columns.sales'), align: 'right', cell: (item) => String(item.sales) },
          { key: 'revenue', header: t('referrals.columns.revenue'), align: 'right', nowrap: true, cell: (item) => money(item.revenueCents) },
          { key: 'share', header: t('referrals.columns.share'), align: 'right', nowrap: true, cell: (item) => money(item.teacherShareCents) },
        ]}
      />
    </>
  );
}
