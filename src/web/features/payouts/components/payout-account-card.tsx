import { Alert, Anchor, Button, Group, List, Loader, Paper, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../../shared/paths';
import type { PayoutAccount } from '../../../../shared/schemas/payouts';
import { useEarnings } from '../../../entities/payouts/get-earnings';
import { PayoutAccountStateBadge, useRequirementTexts } from '../../../entities/payouts/payout-account-state';
import { useStartPayoutOnboarding } from '../../../entities/payouts/start-payout-onboarding';
import { errorMessage } from '../../../lib/error-message';

type PayoutAccountCardProps = {
  /** The account as the page already has it; the card asks for the earnings itself otherwise. */
  account?: PayoutAccount;
  /** A link to /coursescreated/earnings (not on that page itself). */
  withEarningsLink?: boolean;
};

/**
 * "Cobrar mis ventas": the teacher's payout account, from "not connected" to "payouts enabled",
 * with the way to the provider's hosted onboarding while details are missing.
 */
export function PayoutAccountCard({ account, withEarningsLink = true }: PayoutAccountCardProps) {
  const { t } = useTranslation('payouts');
  const headingId = useId();
  return (
    <Paper component="section" aria-labelledby={headingId} withBorder p="md" radius="md">
      <Stack gap="sm">
        <Title order={2} size="h3" id={headingId}>
          {t('account.title')}
        </Title>
        {account ? <AccountState account={account} /> : <FetchedAccountState />}
        {withEarningsLink ? (
          <Group gap="lg" wrap="wrap">
            <Anchor component={Link} to={paths.earnings()} fw={600}>
              {t('account.earningsLink')}
            </Anchor>
            <CouponsLink />
          </Group>
        ) : null}
      </Stack>
    </Paper>
  );
}

function CouponsLink() {
  const { t } = useTranslation('coupons');
  return (
    <Anchor component={Link} to={paths.coupons()} fw={600}>
      {t('teacher.link')}
    </Anchor>
  );
}

function FetchedAccountState() {
  const { t } = useTranslation();
  const earnings = useEarnings();
  if (earnings.isPending) {
    return (
      <Group role="status">
        <Loader size="sm" aria-hidden="true" />
        <VisuallyHidden>{t('loading')}</VisuallyHidden>
      </Group>
    );
  }
  if (earnings.isError) return <Alert color="red">{errorMessage(earnings.error)}</Alert>;
  return <AccountState account={earnings.data.account} />;
}

function AccountState({ account }: { account: PayoutAccount }) {
  const { t } = useTranslation('payouts');
  const requirementTexts = useRequirementTexts();
  const onboarding = useStartPayoutOnboarding();
  const missing = account.state === 'restricted' ? requirementTexts(account.requirements) : [];
  // Navigating away takes a moment after the answer: the button stays busy until the page leaves.
  const leaving = onboarding.isPending || onboarding.isSuccess;
  return (
    <Stack gap="sm" align="flex-start">
      <Group gap="xs">
        <Text fw={600}>{t('account.state')}</Text>
        {/* The word carries the state; the badge's colour only repeats it. */}
        <PayoutAccountStateBadge state={account.state} size="lg" />
      </Group>
      <Text>{t(`account.text.${account.state}`)}</Text>
      {account.state === 'restricted' ? (
        missing.length > 0 ? (
          <div>
            <Text fw={600}>{t('account.missing')}</Text>
            <List size="sm" spacing={2}>
              {missing.map((text) => (
                <List.Item key={text} style={{ overflowWrap: 'anywhere' }}>
                  {text}
                </List.Item>
              ))}
            </List>
          </div>
        ) : (
          <Text size="sm">{t('account.missingUnknown')}</Text>
        )
      ) : null}
      {account.state === 'enabled' ? null : (
        <>
          <Button onClick={() => onboarding.mutate()} loading={leaving}>
            {account.state === 'none' ? t('account.start') : t('account.continue')}
          </Button>
          <Text size="xs" c="dimmed">
            {t('account.providerNote')}
          </Text>
        </>
      )}
      {onboarding.isError ? (
        <Alert color="red" role="alert">
          {errorMessage(onboarding.error)}
        </Alert>
      ) : null}
    </Stack>
  );
}
