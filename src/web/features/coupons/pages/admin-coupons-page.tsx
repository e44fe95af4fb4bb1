import { Alert, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CouponForm } from '../../../entities/coupons/coupon-form';
import { CouponsTable } from '../../../entities/coupons/coupons-table';
import { useCreateSiteCoupon } from '../../../entities/coupons/create-site-coupon';
import { useSiteCoupons } from '../../../entities/coupons/get-site-coupons';
import { switchCoupon } from '../../../entities/coupons/switch-coupon';
import { useUpdateSiteCoupon } from '../../../entities/coupons/update-site-coupon';
import { errorMessage } from '../../../lib/error-message';
import { useAdminCourses } from '../../catalog';
import { adminOnly, AdminPage, ListState } from '../../admin';

/** /admin/cupones — every coupon (the site's and the teachers'), each with its switch, and a new site-wide coupon. */
function CouponsScreen() {
  const { t } = useTranslation('coupons');
  const coupons = useSiteCoupons();
  // The courses a site coupon may name: the first page of the active catalogue.
  const courses = useAdminCourses({ status: 'active', q: '', page: 1 });
  const create = useCreateSiteCoupon();
  const update = useUpdateSiteCoupon();
  const onSwitch = switchCoupon(update, t);
  return (
    <AdminPage title={t('admin.title')}>
      <Stack gap="xl">
        <ListState isPending={coupons.isPending} error={coupons.error} isEmpty={false} emptyText="" />
        {coupons.data ? (
          <CouponsTable coupons={coupons.data.items} allCoursesText={t('list.allSiteCourses')} onSwitch={onSwitch} switchingId={update.isPending ? update.variables.id : null} />
        ) : null}
        {courses.isError ? (
          <Alert color="red" role="alert">
            {errorMessage(courses.error)}
          </Alert>
        ) : null}
        <CouponForm create={create} courses={courses.data?.items ?? []} allText={t('admin.all')} someText={t('admin.some')} title={t('admin.createTitle')} headingOrder={2} />
      </Stack>
    </AdminPage>
  );
}

export const AdminCouponsPage = adminOnly(CouponsScreen);
