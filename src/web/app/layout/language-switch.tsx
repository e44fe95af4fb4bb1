import { Button, Group, VisuallyHidden, type GroupProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../session/get-session';
import { setAccountLanguage } from '../../features/accounts';
import { setLanguage } from '../../i18n';
import { defaultLanguage, languages, toLanguage, type Language } from '../../../shared/languages';
import { languageNames } from '../../../shared/i18n/language-detection';

/** ES | EN: switches the interface at once and remembers the choice for later visits. */
export function LanguageSwitch(props: GroupProps) {
  const { t, i18n } = useTranslation();
  const current = toLanguage(i18n.resolvedLanguage) ?? defaultLanguage;
  const { isSignedIn } = useSession();
  const choose = (language: Language) => {
    void setLanguage(language);
    // The account's e-mails follow the interface; a failure here only leaves them in the old language.
    if (isSignedIn) setAccountLanguage({ language }).catch(() => {});
  };
  return (
    <Group role="group" aria-label={t('language.label')} gap={4} wrap="nowrap" {...props}>
      {languages.map((language) => {
        const selected = language === current;
        return (
          <Button
            key={language}
            size="compact-sm"
            variant={selected ? 'filled' : 'subtle'}
            aria-pressed={selected}
            // Read in its own language ("English" with an English voice).
            lang={language}
            onClick={() => choose(language)}
          >
            {/* The name is the visible "EN" followed by the language's own name: a speech-input
                user says what they see, a screen reader user hears which language it is. */}
            {language.toUpperCase()}
            <VisuallyHidden> {languageNames[language]}</VisuallyHidden>
          </Button>
        );
      })}
    </Group>
  );
}
