import { Avatar, Badge, Button, Group, Loader, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../../shared/paths';
import { useAdminUsers } from '../api/get-admin-users';
import { adminOnly, AdminPage, Pager, SearchBox, StatusSelect, ListState, useListParams } from '../../admin';
import { DataTable } from '../../../components/data-table';

/** /admin/usuarios — active or disabled users: image, name, e-mail and "Editar". */
function UsersScreen() {
  const { t } = useTranslation(['admin', 'common']);
  const list = useListParams();
  const users = useAdminUsers({ status: list.status, q: list.q, page: list.page });
  const rows = users.data?.items ?? [];
  return (
    <AdminPage title={t('users.title')}>
      <Group align="flex-end" mb="md" wrap="wrap">
        <StatusSelect value={list.status} onChange={list.setStatus} />
        <SearchBox value={list.q} onSearch={list.setQ} label={t('users.search')} />
        {users.isFetching && !users.isPending ? <Loader size="sm" role="status" aria-label={t('common:loading')} /> : null}
      </Group>
      <ListState isPending={users.isPending} error={users.error} isEmpty={rows.length === 0} emptyText={t('users.empty')} />
      <DataTable
        columns={[
          {
            key: 'image',
            header: t('users.columns.image'),
            phone: 'plain',
            cell: (user) => <Avatar src={user.image} alt="" radius="xl" name={user.name} color="indigo.9" variant="filled" />,
          },
          {
            key: 'name',
            header: t('users.columns.name'),
            cell: (user) => (
              <Group gap="xs">
                <Text fw={600}>{user.name}</Text>
                {user.isAdmin ? (
                  <Badge size="sm" variant="light" color="indigo">
                    {t('users.adminBadge')}
                  </Badge>
                ) : null}
              </Group>
            ),
          },
          { key: 'email', header: t('users.columns.email'), cell: (user) => user.email },
          {
            key: 'action',
            header: t('users.columns.action'),
            phone: 'plain',
            cell: (user) => (
              <Button component={Link} to={paths.adminUser(user.id)} size="xs" variant="light" aria-label={t('users.editNamed', { name: user.name })}>
                {t('users.edit')}
              </Button>
            ),
          },
        ]}
        rows={rows}
        rowKey={(user) => user.id}
        minWidth={520}
        striped
        verticalSpacing="sm"
        label={t('users.title')}
      />
      <Pager page={list.page} pageCount={users.data?.pageCount ?? 1} onChange={list.setPage} />
    </AdminPage>
  );
}

export const AdminUsersPage = adminOnly(UsersScreen);
