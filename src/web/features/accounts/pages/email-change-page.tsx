import { Alert, Button, Container, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { paths } from '../../../../shared/paths';
import { PageTitle } from '../../../components/page-title';
import { isApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { useApproveEmailChange, useConfirmEmailChange } from '../api/account-credentials';

type Step = 'approve' | 'confirm';

/**
 * The pages the e-mail change's links open (`?token=`): /approve-email-change from the current
 * address, /confirm-email-change from the new one. Each acts on a click, not on opening, so that
 * a mail program that follows links to look at them approves nothing; then it says how it went.
 */
function EmailChangeLinkPage({ step }: { step: Step }) {
  const { t } = useTranslation(['users', 'errors']);
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const approve = useApproveEmailChange();
  const confirm = useConfirmEmailChange();
  const action = step === 'approve' ? approve : confirm;
  const doneEmail = step === 'approve' ? approve.data?.newEmail : confirm.data?.email;

  const failure = (error: unknown) => {
    if (isApiError(error) && error.code === 'EXPIRED_ACTION_CODE') return t('emailChange.expired');
    if (isApiError(error) && error.code === 'INVALID_ACTION_CODE') return t('emailChange.used');
    return errorMessage(error);
  };

  return (
    <Container size={480} py="xl" px="md">
      <PageTitle title={t(step === 'approve' ? 'emailChange.approveTitle' : 'emailChange.confirmTitle')} ta="center" size="h2" />
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} shadow="sm">
        <Stack gap="md">
          {action.isSuccess ? (
            <Alert color="teal" role="status">
              {t(step === 'approve' ? 'emailChange.approved' : 'emailChange.confirmed', { email: doneEmail })}
            </Alert>
          ) : !token ? (
            <Alert color="red" role="alert">
              {t('emailChange.used')}
            </Alert>
          ) : (
            <>
              <Text>{t(step === 'approve' ? 'emailChange.approveIntro' : 'emailChange.confirmIntro')}</Text>
              {action.isError ? (
                <Alert color="red" role="alert">
                  {failure(action.error)}
                </Alert>
              ) : null}
              <Button onClick={() => action.mutate(token)} loading={action.isPending} disabled={action.isError}>
                {t(step === 'approve' ? 'emailChange.approveSubmit' : 'emailChange.confirmSubmit')}
              </Button>
            </>
          )}
          <Button component={Link} to={paths.home()} variant="light">
            {t('emailChange.home')}
          </Button>
        </Stack>
      </Paper>
    </Container>
  );
}

export const ApproveEmailChangePage = () => <EmailChangeLinkPage step="approve" />;
export const ConfirmEmailChangePage = () => <EmailChangeLinkPage step="confirm" />;
