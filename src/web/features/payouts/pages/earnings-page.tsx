import { Alert, Anchor, Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { pathFor } from '../../../../shared/endpoints/endpoint';
import { endpoints } from '../../../../shared/endpoints/endpoint-table';
import { paths } from '../../../../shared/paths';
import type { TeacherEarnings } from '../../../../shared/schemas/payouts';
import { FigureGrid } from '../../../components/figure-grid';
import { PageTitle } from '../../../components/page-title';
import { useEarnings } from '../../../entities/payouts/get-earnings';
import { usePayoutFormat } from '../../../entities/payouts/payout-format';
import { errorMessage } from '../../../lib/error-message';
import { useSession } from '../../../session/get-session';
import { EarningSales, EarningTransfers } from '../components/earnings-tables';
import { PageSpinner, SignInNeeded } from '../../../components/page-states';
import { PayoutAccountCard } from '../components/payout-account-card';

/** How often, and how many times, the page asks again for the account's state after the provider's onboarding. */
const onboardingPollMs = 2000;
const onboardingPolls = 20;

/** /coursescreated/earnings — my balances, sales, transfers and payout account, as a teacher. */
export function EarningsPage() {
  const { t } = useTranslation('payouts');
  const { user, isPending } = useSession();
  if (isPending) return <PageSpinner />;
  if (!user) return <SignInNeeded title={t('earnings.title')} text={t('earnings.signInNeeded')} />;
  return <Earnings />;
}

function Earnings() {
  const { t } = useTranslation('payouts');
  const [searchParams, setSearchParams] = useSearchParams();
  // The provider's onboarding comes back here with ?onboarding=done; its `account.updated`
  // event may reach the server a moment later, so the page asks again until the state moves.
  const onboardingDone = searchParams.get('onboarding') === 'done';
  const earnings = useEarnings({
    pollMs: onboardingPollMs,
    pollWhile: (data, answers) => onboardingDone && answers < onboardingPolls && (!data || data.account.state === 'none' || data.account.state === 'pending'),
  });
  const closeNotice = () =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('onboarding');
        return next;
      },
      { replace: true },
    );

  return (
    <Container size="lg" py="xl">
      <Anchor component={Link} to={paths.coursesCreated()} size="sm" mb="xs" display="inline-block">
        ← {t('earnings.backToCreated')}
      </Anchor>
      <PageTitle title={t('earnings.title')} />
      <Stack gap="xl">
        {onboardingDone ? (
          <Alert color="teal" role="status" withCloseButton closeButtonLabel={t('earnings.closeNotice')} onClose={closeNotice}>
            {t('earnings.onboardingDone')}
          </Alert>
        ) : null}
        {earnings.isPending ? (
          <PageSpinner />
        ) : earnings.isError ? (
          <Alert color="red" role="alert">
            {errorMessage(earnings.error)}
          </Alert>
        ) : (
          <>
            <Balances earnings={earnings.data} />
            <PayoutAccountCard account={earnings.data.account} withEarningsLink={false} />
            <EarningSales earnings={earnings.data} />
            <EarningTransfers earnings={earnings.data} />
          </>
        )}
      </Stack>
    </Container>
  );
}

/** Pending, available and paid, the next transfer's date, the hold, and the CSV of every sale. */
function Balances({ earnings }: { earnings: TeacherEarnings }) {
  const { t } = useTranslation('payouts');
  const format = usePayoutFormat();
  const headingId = useId();
  const money = (cents: number) => format.money(cents, earnings.currency);
  const figures = [
    { label: t('earnings.pending'), value: money(earnings.balances.pendingCents), note: t('earnings.pendingNote') },
    {
      label: t('earnings.available'),
      value: money(earnings.balances.availableCents),
      note: earnings.account.state === 'enabled' ? t('earnings.availableNote') : t('earnings.availableWaiting'),
    },
    { label: t('earnings.paid'), value: money(earnings.balances.paidCents), note: t('earnings.paidNote') },
    earnings.nextTransferAt
      ? { label: t('earnings.nextTransfer'), value: format.date(earnings.nextTransferAt), note: t('earnings.nextTransferNote') }
      : { label: t('earnings.nextTransfer'), value: t('earnings.nextTransferNone'), note: t('earnings.nextTransferNoneNote') },
  ];
  return (
    <Stack component="section" aria-labelledby={headingId} gap="sm">
      <Title order={2} size="h3" id={headingId}>
        {t('earnings.balances')}
      </Title>
      <FigureGrid figures={figures} cols={{ base: 1, xs: 2, md: 4 }} m={0} />
      <Text size="sm">{t('earnings.hold', { count: earnings.holdDays })}</Text>
      <Group gap="sm" wrap="wrap">
        {/* A plain link: the browser downloads the file with the session's cookie. */}
        <Button component="a" href={pathFor(endpoints.exportEarnings)} download variant="light">
          {t('earnings.download')}
        </Button>
        <Text size="sm" c="dimmed">
          {t('earnings.downloadNote')}
        </Text>
      </Group>
    </Stack>
  );
}
