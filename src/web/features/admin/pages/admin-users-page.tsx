import { Avatar, Badge, Button, Group, Loader, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../../shared/paths';
import { useAdminUsers } from '../api/get-users';
import { adminOnly } from '../components/admin-only';
import { AdminPage } from '../components/admin-page';
import { Pager, SearchBox, StatusSelect } from '../components/list-controls';
import { ListState } from '../components/list-states';
import { useListParams } from '../components/use-list-params';
import { ResponsiveTable } from '../../../components/responsive-table';

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
      {rows.length > 0 ? (
        <ResponsiveTable minWidth={520} striped verticalSpacing="sm" aria-label={t('users.title')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('users.columns.image')}</Table.Th>
                <Table.Th>{t('users.columns.name')}</Table.Th>
                <Table.Th>{t('users.columns.email')}</Table.Th>
                <Table.Th>{t('users.columns.action')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((user) => (
                <Table.Tr key={user.id}>
                  <Table.Td>
                    <Avatar src={user.image} alt="" radius="xl" name={user.name} color="indigo.9" variant="filled" />
                  </Table.Td>
                  <Table.Td data-label={t('users.columns.name')}>
                    <Group gap="xs">
                      <Text fw={600}>{user.name}</Text>
                      {user.isAdmin ? (
                        <Badge size="sm" variant="light" color="indigo">
                          {t('users.adminBadge')}
                        </Badge>
                      ) : null}
                    </Group>
                  </Table.Td>
                  <Table.Td data-label={t('users.columns.email')}>{user.email}</Table.Td>
                  <Table.Td>
                    <Button component={Link} to={paths.adminUser(user.id)} size="xs" variant="light" aria-label={t('users.editNamed', { name: user.name })}>
                      {t('users.edit')}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </ResponsiveTable>
      ) : null}
      <Pager page={list.page} pageCount={users.data?.pageCount ?? 1} onChange={list.setPage} />
    </AdminPage>
  );
}

export const AdminUsersPage = adminOnly(UsersScreen);
