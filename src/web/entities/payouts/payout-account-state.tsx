import { Badge, type BadgeProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PayoutAccount } from '../../../shared/schemas/payouts';

type AccountState = PayoutAccount['state'];

// Colour names without a shade: a light badge then writes its text in the theme's readable light colour (src/web/app/theme.ts).
const stateColor: Record<AccountState, string> = { none: 'gray', pending: 'yellow', enabled: 'teal', restricted: 'red' };

/** A payout account's state in words ("Cobros activados"); the colour only repeats what the words say. */
export function PayoutAccountStateBadge({ state, ...props }: { state: AccountState } & Omit<BadgeProps, 'children' | 'color'>) {
  const { t } = useTranslation('payouts');
  return (
    <Badge variant="light" color={stateColor[state]} c={state === 'none' ? 'dark.6' : undefined} {...props}>
      {t(`account.states.${state}`)}
    </Badge>
  );
}

type Requirement = 'bankAccount' | 'identityDocument' | 'taxId' | 'birthDate' | 'address' | 'name' | 'phone' | 'email' | 'business' | 'terms';

/** Stripe's names of what an account still needs (`requirements.currently_due`), read as what the teacher is asked for. */
const requirementRules: [RegExp, Requirement][] = [
  [/^external_account$/, 'bankAccount'],
  [/\.verification\.(additional_)?document/, 'identityDocument'],
  [/\.(id_number|ssn_last_4|tax_id)$|^company\.tax_id$/, 'taxId'],
  [/\.dob\./, 'birthDate'],
  [/\.address\./, 'address'],
  [/\.(first_name|last_name)$/, 'name'],
  [/\.phone$/, 'phone'],
  [/\.email$/, 'email'],
  [/^business_profile\.|^business_type$/, 'business'],
  [/^tos_acceptance\./, 'terms'],
];

/**
 * What the provider still asks for, in words, each once (a date of birth is three of Stripe's
 * fields); a field we do not know is named as the provider names it.
 */
export function useRequirementTexts() {
  const { t } = useTranslation('payouts');
  return (requirements: string[]) => {
    const texts = requirements.map((code) => {
      const known = requirementRules.find(([pattern]) => pattern.test(code))?.[1];
      return known ? t(`account.requirements.${known}`) : t('account.requirements.other', { code });
    });
    return [...new Set(texts)];
  };
}
