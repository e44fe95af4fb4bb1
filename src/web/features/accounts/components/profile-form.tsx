import { Button, Group, Stack, Textarea, TextInput } from '@mantine/core';
import { limits } from '../../../../shared/limits';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { updateProfileSchema, type Me, type UpdateProfileInput } from '../../../../shared/schemas/users';
import { isApiError } from '../../../lib/api-client';
import { fieldErrorMessage } from '../../../lib/error-message';

type Field = keyof UpdateProfileInput;
type Errors = Partial<Record<Field, string>>;

function validate(values: UpdateProfileInput): Errors {
  const parsed = updateProfileSchema.safeParse(values);
  if (parsed.success) return {};
  const errors: Errors = {};
  for (const issue of parsed.error.issues) errors[issue.path[0] as Field] ??= issue.message;
  return errors;
}

type ProfileFormProps = {
  me: Me;
  saving: boolean;
  /** A failed save, to show its field errors. */
  saveError: unknown;
  onSubmit: (values: UpdateProfileInput) => void;
  onCancel: () => void;
};

/** Edit mode of "Mis Datos": name, picture URL (http or https, or empty for none) and the bio of the public teacher profile. */
export function ProfileForm({ me, saving, saveError, onSubmit, onCancel }: ProfileFormProps) {
  const { t } = useTranslation('users');
  const [values, setValues] = useState<UpdateProfileInput>({ name: me.name, image: me.image ?? '', bio: me.bio ?? '' });
  const [showErrors, setShowErrors] = useState(false);

  const serverFields = isApiError(saveError) ? saveError.fields : undefined;
  const clientErrors = showErrors ? validate(values) : {};
  const errorOf = (field: Field) => {
    const key = clientErrors[field] ?? serverFields?.[field]?.[0];
    return key ? fieldErrorMessage(key) : undefined;
  };
  const change = (field: Field) => (event: { currentTarget: { value: string } }) => {
    const { value } = event.currentTarget;
    setValues((current) => ({ ...current, [field]: value }));
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = updateProfileSchema.safeParse(values);
    if (!parsed.success) {
      setShowErrors(true);
      return;
    }
    onSubmit(parsed.data);
  };

  return (
    <form noValidate method="post" onSubmit={submit}>
      <Stack gap="md">
        <TextInput label={t('dashboard.name')} name="name" autoComplete="name" value={values.name} onChange={change('name')} error={errorOf('name')} required />
        <TextInput
          label={t('dashboard.image')}
          name="image"
          type="url"
          inputMode="url"
          autoComplete="photo"
          description={t('dashboard.imageHint')}
          value={values.image}
          onChange={change('image')}
          error={errorOf('image')}
        />
        {/* The public teacher profile's bio (/teacher/:id). */}
        <Textarea
          label={t('dashboard.bio')}
          name="bio"
          description={t('dashboard.bioHint')}
          value={values.bio ?? ''}
          onChange={change('bio')}
          error={errorOf('bio')}
          rows={4}
          maxLength={limits.userBioMax}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} disabled={saving}>
            {t('dashboard.cancel')}
          </Button>
          <Button type="submit" loading={saving}>
            {t('dashboard.send')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
