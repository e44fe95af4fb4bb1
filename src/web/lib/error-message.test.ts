import { describe, expect, it } from 'vitest';
import { setLanguage } from '../i18n';
import { fieldErrorMessage } from './error-message';

describe('fieldErrorMessage', () => {
  it('reads a field-error key in the validation catalogue, limits filled in, in the language shown', async () => {
    expect(fieldErrorMessage('validation.descriptionLength')).toBe('Debe tener entre 15 y 200 caracteres');
    await setLanguage('en');
    expect(fieldErrorMessage('validation.titleRequired')).toBe('You must enter a title');
  });

  it('shows the generic message for a key this page does not know', () => {
    expect(fieldErrorMessage('validation.somethingNew')).toBe('Revisa este dato');
  });
});
