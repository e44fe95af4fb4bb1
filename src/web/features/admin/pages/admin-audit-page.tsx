import { Code, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useAuditLog } from '../api/get-audit-log';
import { adminOnly } from '../components/admin-only';
import { AdminPage } from '../components/admin-page';
import { formatDateTime } from '../components/format';
import { Pager } from '../components/list-controls';
import { ListState } from '../components/list-states';
import { translateKey } from '../components/translate-key';
import { useListParams } from '../components/use-list-params';
import { DataTable } from '../../../components/data-table';

const show = (value: unknown) => (value === null || value === undefined ? '—' : JSON.stringify(value));

const JsonValue = ({ value }: { value: unknown }) => (
  <Code block style={{ maxWidth: 260, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
    {show(value)}
  </Code>
);

/** /admin/auditoria — who did what and when, with the values before and after. */
function AuditScreen() {
  const { t, i18n } = useTranslation('admin');
  const list = useListParams();
  const log = useAuditLog(list.page);
  const rows = log.data?.items ?? [];
  return (
    <AdminPage title={t('audit.title')}>
      <ListState isPending={log.isPending} error={log.error} isEmpty={rows.length === 0} emptyText={t('audit.empty')} />
      <DataTable
        columns={[
          { key: 'when', header: t('audit.columns.when'), cell: (entry) => formatDateTime(entry.createdAt, i18n.language) },
          {
            key: 'who',
            header: t('audit.columns.who'),
            cell: (entry) =>
              entry.actor ? (
                <>
                  <Text size="sm" fw={600}>
                    {entry.actor.name}
                  </Text>
                  <Text size="xs">{entry.actor.email}</Text>
                </>
              ) : (
                t('audit.deletedActor')
              ),
          },
          { key: 'what', header: t('audit.columns.what'), cell: (entry) => translateKey(t, `audit.actions.${entry.action}`) },
          { key: 'target', header: t('audit.columns.target'), cell: (entry) => `${translateKey(t, `audit.targets.${entry.targetType}`)} #${entry.targetId}` },
          { key: 'before', header: t('audit.columns.before'), cell: (entry) => <JsonValue value={entry.before} /> },
          { key: 'after', header: t('audit.columns.after'), cell: (entry) => <JsonValue value={entry.after} /> },
        ]}
        rows={rows}
        rowKey={(entry) => entry.id}
        minWidth={760}
        striped
        verticalSpacing="xs"
        label={t('audit.title')}
      />
      <Pager page={list.page} pageCount={log.data?.pageCount ?? 1} onChange={list.setPage} />
    </AdminPage>
  );
}

export const AdminAuditPage = adminOnly(AuditScreen);
