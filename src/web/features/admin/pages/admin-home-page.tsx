import { Card, Group, Loader, Paper, SimpleGrid, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../../shared/paths';
import { FigureGrid } from '../../../components/figure-grid';
import { errorMessage } from '../../../lib/error-message';
import { useDashboard } from '../api/get-dashboard';
import { adminOnly } from '../components/admin-only';
import { AdminPage } from '../components/admin-page';
import { formatMoney } from '../../../../shared/money';
import { RevenueChart } from '../components/revenue-chart';
import { BookIcon, CreditCardIcon, MailIcon, UsersIcon } from '../../../components/icons';

/** /admin — the four entries (Cursos, Usuarios, Pagos, Mensajes), the figures and the revenue chart. */
function HomeScreen() {
  const { t } = useTranslation('admin');
  const entries = [
    { to: paths.adminCourses(), label: t('home.courses'), hint: t('home.coursesHint'), Icon: BookIcon },
    { to: paths.adminUsers(), label: t('home.users'), hint: t('home.usersHint'), Icon: UsersIcon },
    { to: paths.adminOrders(), label: t('home.payments'), hint: t('home.paymentsHint'), Icon: CreditCardIcon },
    { to: paths.adminMessages(), label: t('home.messages'), hint: t('home.messagesHint'), Icon: MailIcon },
  ];
  const more = [
    { to: paths.adminCategories(), label: t('home.categories') },
    { to: paths.adminAudit(), label: t('home.audit') },
    { to: paths.adminPayouts(), label: t('home.payouts') },
    { to: paths.adminCoupons(), label: t('home.coupons') },
  ];
  return (
    <AdminPage title={t('home.title')} back={null}>
      <nav aria-label={t('home.sections')}>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} mb="md">
          {entries.map((entry) => (
            <UnstyledButton key={entry.to} component={Link} to={entry.to}>
              <Card withBorder padding="lg" h="100%">
                <Group wrap="nowrap">
                  {/* Decorative: the entry's name beside it is the link's text. */}
                  <ThemeIcon size="xl" radius="md" variant="light" aria-hidden="true">
                    <entry.Icon size={26} />
                  </ThemeIcon>
                  <div>
                    <Text fw={700} size="lg">
                      {entry.label}
                    </Text>
                    <Text size="sm" c="dimmed">
                      {entry.hint}
                    </Text>
                  </div>
                </Group>
              </Card>
            </UnstyledButton>
          ))}
        </SimpleGrid>
        <Group gap="lg" mb="xl">
          {more.map((entry) => (
            <Text key={entry.to} component={Link} to={entry.to} c="blue.8" td="underline">
              {entry.label}
            </Text>
          ))}
        </Group>
      </nav>
      <Figures />
    </AdminPage>
  );
}

function Figures() {
  const { t, i18n } = useTranslation(['admin', 'common']);
  const dashboard = useDashboard();
  if (dashboard.isPending) return <Loader role="status" aria-label={t('common:loading')} />;
  if (dashboard.isError) return <Text c="red.8">{errorMessage(dashboard.error)}</Text>;
  const figures = [
    { label: t('dashboard.revenue'), value: formatMoney(dashboard.data.revenueCents, i18n.language) },
    { label: t('dashboard.paidOrders'), value: String(dashboard.data.paidOrders) },
    { label: t('dashboard.users'), value: String(dashboard.data.users) },
    { label: t('dashboard.activeCourses'), value: String(dashboard.data.activeCourses) },
  ];
  return (
    <section aria-labelledby="admin-figures">
      <Text component="h2" id="admin-figures" fw={700} size="xl" mb="sm">
        {t('dashboard.title')}
      </Text>
      <FigureGrid figures={figures} cols={{ base: 2, md: 4 }} mb="lg" />
      <Paper withBorder p="md">
        <RevenueChart days={dashboard.data.revenueByDay} />
      </Paper>
    </section>
  );
}

export const AdminHomePage = adminOnly(HomeScreen);
