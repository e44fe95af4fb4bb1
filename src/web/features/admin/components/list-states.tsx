import { Center, Loader, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/error-message';

/** What a list shows instead of rows: a spinner while loading, the error, or "nothing here". */
export function ListState({ isPending, error, isEmpty, emptyText }: { isPending: boolean; error: unknown; isEmpty: boolean; emptyText: string }) {
  const { t } = useTranslation(['admin', 'common']);
  if (isPending) {
    return (
      <Center py="xl">
        <Loader role="status" aria-label={t('common:loading')} />
      </Center>
    );
  }
  if (error) {
    return (
      <Text c="red.8" role="alert" py="md">
        {errorMessage(error)}
      </Text>
    );
  }
  if (isEmpty) return <Text py="md">{emptyText}</Text>;
  return null;
}
