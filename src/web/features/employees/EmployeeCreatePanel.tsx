import { Alert, Button, Drawer, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { EmployeeFormEvent, EmployeeFormView } from '../../../../machines/employee-form/index.ts';
import { EmployeeFields } from './EmployeeFields.tsx';
import type { OrgOption } from './useVisibleOrgs.ts';

interface PanelProps {
  readonly view: EmployeeFormView;
  readonly send: (event: EmployeeFormEvent) => void;
  readonly orgs: readonly OrgOption[];
}

/**
 * The sheet's content; a pure view of the machine so tests can drive it without the app. A failed
 * creation or import is said in the sheet itself: the app's alerts sit behind its overlay.
 */
export const EmployeeCreatePanel = ({ view, send, orgs }: PanelProps) => {
  const { t, i18n } = useTranslation();
  const listOf = (fields: readonly string[]) =>
    new Intl.ListFormat(i18n.language, { type: 'conjunction' }).format(fields.map((f) => t(`employees.fields.${f}`)));
  const blockedLines = view.blockedBy.map((line) => t(line.key, { fields: listOf(line.fields) }));
  return (
    <form
      noValidate
      aria-label={t('employees.sheet.title')}
      onSubmit={(e) => {
        e.preventDefault();
        send({ type: 'form.submit' });
      }}
      style={{ display: 'contents' }}
    >
      <Drawer.Body>
        {view.failure ? (
          <Alert.Root status="error" role="alert" mb="4">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Description>{t(view.failure.key)}</Alert.Description>
              {view.failure.detail ? <Alert.Description>{view.failure.detail}</Alert.Description> : null}
            </Alert.Content>
          </Alert.Root>
        ) : null}
        <EmployeeFields view={view} send={send} orgs={orgs} />
      </Drawer.Body>
      <Drawer.Footer>
        <Button variant="outline" disabled={!view.canErase} onClick={() => send({ type: 'form.erase' })}>
          {t('employees.actions.erase')}
        </Button>
        {/* A disabled « Créer » says what it waits for (issue 15). */}
        {blockedLines.length ? (
          <Text id="employee-create-blocked" fontSize="sm" color="fg.muted" data-missing>
            {blockedLines.join(' ')}
          </Text>
        ) : null}
        <Button
          type="submit"
          colorPalette="brand"
          disabled={!view.canSubmit}
          aria-describedby={blockedLines.length ? 'employee-create-blocked' : undefined}
          loading={view.isSubmitting}
        >
          {t('employees.actions.create')}
        </Button>
      </Drawer.Footer>
    </form>
  );
};
