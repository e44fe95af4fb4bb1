import { Code, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useAuditLog } from '../api/get-audit-log';
import { adminOnly } from '../components/admin-only';
import { AdminPage } from '../components/admin-page';
import { formatDateTime } from '../components/format';
import { Pager } from '../components/list-controls';
import { ListState } from '../components/list-states';
import { translateKey } from '../components/translate-key';
import { useListParams } from '../components/use-list-params';
import { ResponsiveTable } from '../../../components/responsive-table';

const show = (value: unknown) => (value === null || value === undefined ? '—' : JSON.stringify(value));

/** /admin/auditoria — who did what and when, with the values before and after. */
function AuditScreen() {
  const { t, i18n } = useTranslation('admin');
  const list = useListParams();
  const log = useAuditLog(list.page);
  const rows = log.data?.items ?? [];
  return (
    <AdminPage title={t('audit.title')}>
      <ListState isPending={log.isPending} error={log.error} isEmpty={rows.length === 0} emptyText={t('audit.empty')} />
      {rows.length > 0 ? (
        <ResponsiveTable minWidth={760} striped verticalSpacing="xs" aria-label={t('audit.title')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('audit.columns.when')}</Table.Th>
                <Table.Th>{t('audit.columns.who')}</Table.Th>
                <Table.Th>{t('audit.columns.what')}</Table.Th>
                <Table.Th>{t('audit.columns.target')}</Table.Th>
                <Table.Th>{t('audit.columns.before')}</Table.Th>
                <Table.Th>{t('audit.columns.after')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((entry) => (
                <Table.Tr key={entry.id}>
                  <Table.Td data-label={t('audit.columns.when')}>{formatDateTime(entry.createdAt, i18n.language)}</Table.Td>
                  <Table.Td data-label={t('audit.columns.who')}>
                    {entry.actor ? (
                      <>
                        <Text size="sm" fw={600}>
                          {entry.actor.name}
                        </Text>
                        <Text size="xs">{entry.actor.email}</Text>
                      </>
                    ) : (
                      t('audit.deletedActor')
                    )}
                  </Table.Td>
                  <Table.Td data-label={t('audit.columns.what')}>{translateKey(t, `audit.actions.${entry.action}`)}</Table.Td>
                  <Table.Td data-label={t('audit.columns.target')}>
                    {translateKey(t, `audit.targets.${entry.targetType}`)} #{entry.targetId}
                  </Table.Td>
                  <Table.Td data-label={t('audit.columns.before')}>
                    <Code block style={{ maxWidth: 260, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                      {show(entry.before)}
                    </Code>
                  </Table.Td>
                  <Table.Td data-label={t('audit.columns.after')}>
                    <Code block style={{ maxWidth: 260, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                      {show(entry.after)}
                    </Code>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </ResponsiveTable>
      ) : null}
      <Pager page={list.page} pageCount={log.data?.pageCount ?? 1} onChange={list.setPage} />
    </AdminPage>
  );
}

export const AdminAuditPage = adminOnly(AuditScreen);
