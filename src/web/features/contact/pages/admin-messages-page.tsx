import { Button, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../../shared/paths';
import { confirmDialog, showDialog } from '../../../components/dialogs';
import { toast } from '../../../components/toasts';
import { errorMessage } from '../../../lib/error-message';
import { useDeleteMessage } from '../api/delete-message';
import { useMessages } from '../api/get-admin-messages';
import { adminOnly, AdminPage, Pager, ListState, useListParams } from '../../admin';
import { DataTable } from '../../../components/data-table';

/** /admin/ContactUsd and /ContactUsd — "Your Mail": the contact messages, each removable. */
function MessagesScreen() {
  const { t } = useTranslation('admin');
  const list = useListParams();
  const messages = useMessages(list.page);
  const remove = useDeleteMessage();
  const rows = messages.data?.items ?? [];

  const askRemove = async (id: number) => {
    const confirmed = await confirmDialog({
      title: t('confirm.title'),
      text: t('confirm.delete'),
      confirmLabel: t('confirm.confirmDelete'),
      cancelLabel: t('confirm.cancel'),
    });
    if (!confirmed) return;
    try {
      await remove.mutateAsync(id);
      // The spec shows this one as an error-style toast.
      toast.error(t('messages.deleted'));
    } catch (failure) {
      await showDialog({ icon: 'error', title: errorMessage(failure) });
    }
  };

  const isEmpty = !messages.isPending && !messages.error && rows.length === 0;
  return (
    <AdminPage title={t('messages.title')}>
      <ListState isPending={messages.isPending} error={messages.error} isEmpty={false} emptyText="" />
      {isEmpty ? (
        <Stack align="center" py="xl">
          <Text size="lg">{t('messages.empty')}</Text>
          <Button component={Link} to={paths.home()}>
            {t('messages.home')}
          </Button>
        </Stack>
      ) : null}
      <DataTable
        columns={[
          { key: 'email', header: t('messages.columns.email'), cell: (message) => message.email },
          { key: 'name', header: t('messages.columns.name'), cell: (message) => message.name },
          { key: 'message', header: t('messages.columns.message'), style: { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }, cell: (message) => message.message },
          {
            key: 'action',
            header: t('messages.columns.action'),
            phone: 'plain',
            cell: (message) => (
              <Button
                size="xs"
                color="red"
                variant="light"
                onClick={() => void askRemove(message.id)}
                loading={remove.isPending && remove.variables === message.id}
                aria-label={t('messages.removeFrom', { name: message.name })}
              >
                {t('messages.remove')}
              </Button>
            ),
          },
        ]}
        rows={rows}
        rowKey={(message) => message.id}
        minWidth={640}
        striped
        verticalSpacing="sm"
        label={t('messages.title')}
      />
      <Pager page={list.page} pageCount={messages.data?.pageCount ?? 1} onChange={list.setPage} />
    </AdminPage>
  );
}

export const AdminMessagesPage = adminOnly(MessagesScreen);
