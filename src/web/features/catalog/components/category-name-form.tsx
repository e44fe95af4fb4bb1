import { Button, Group, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { categoryNameSchema } from '../../../../shared/schemas/admin';
import { isApiError } from '../../../lib/api-client';
import { errorMessage, fieldErrorMessage } from '../../../lib/error-message';

type NameFormProps = {
  label: string;
  submitLabel: string;
  initial?: string;
  onSubmit: (name: string) => Promise<unknown>;
  onCancel?: () => void;
};

/** One name field (a category or subcategory): the shared rules, and the server's "name taken". */
export function NameForm({ label, submitLabel, initial = '', onSubmit, onCancel }: NameFormProps) {
  const { t } = useTranslation('admin');
  const [name, setName] = useState(initial);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const parsed = categoryNameSchema.safeParse({ name });
  const submit = async () => {
    if (!parsed.success) return;
    setBusy(true);
    try {
      await onSubmit(parsed.data.name);
      setName(initial);
      setError(undefined);
      onCancel?.();
    } catch (failure) {
      const field = isApiError(failure) ? failure.fields?.name?.[0] : undefined;
      setError(field ? fieldErrorMessage(field) : errorMessage(failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form
      noValidate
      method="post"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Group align="flex-start" gap="xs" wrap="wrap">
        <TextInput
          label={label}
          value={name}
          onChange={(event) => {
            setName(event.currentTarget.value);
            setError(undefined);
          }}
          error={error}
          w={{ base: '100%', xs: 260 }}
        />
        <Group gap="xs" mt={{ base: 0, xs: 25 }}>
          <Button type="submit" disabled={!parsed.success || parsed.data.name === initial.trim()} loading={busy}>
            {submitLabel}
          </Button>
          {onCancel ? (
            <Button variant="subtle" onClick={onCancel}>
              {t('confirm.cancel')}
            </Button>
          ) : null}
        </Group>
      </Group>
    </form>
  );
}
