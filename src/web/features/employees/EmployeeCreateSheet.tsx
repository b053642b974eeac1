/**
 * The creation side sheet (seed 000 §2): 400px, from the end; blocks title, information, social
 * security, postal address, organisations; footer « Effacer » and « Créer ». The first organisation
 * line is the current organisation.
 */
import { CloseButton, Drawer, Portal } from '@chakra-ui/react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { COUNTRY_NAMES, DEFAULT_COUNTRY } from '../../../contract/countries.ts';
import { LAYOUT } from '../../../contract/constants.ts';
import type { Employee } from '../../../contract/entities.ts';
import { useAuth } from '../../app/index.ts';
import { EmployeeCreatePanel } from './EmployeeCreatePanel.tsx';
import { todayIso, useEmployeeForm } from './useEmployeeForm.ts';
import { type OrgOption, useVisibleOrgs } from './useVisibleOrgs.ts';

const SheetForm = ({ orgs, onCreated }: { orgs: readonly OrgOption[]; onCreated: (e: Employee) => void }) => {
  const auth = useAuth();
  const { view, send } = useEmployeeForm({
    mode: 'create',
    orgId: auth.session?.orgId ?? null,
    visibleOrgCount: Math.max(1, orgs.length),
    today: todayIso(),
    countries: COUNTRY_NAMES,
    defaultCountry: DEFAULT_COUNTRY,
  });
  useEffect(() => {
    if (view.succeeded && view.saved) onCreated(view.saved);
  }, [view.succeeded, view.saved, onCreated]);
  return <EmployeeCreatePanel view={view} send={send} orgs={orgs} />;
};

export const EmployeeCreateSheet = (props: {
  open: boolean;
  onClose: () => void;
  onCreated: (employee: Employee) => void;
}) => {
  const { t } = useTranslation();
  const { orgs, loaded } = useVisibleOrgs();
  return (
    <Drawer.Root open={props.open} onOpenChange={(e) => (e.open ? undefined : props.onClose())} placement="end">
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content maxW={`${LAYOUT.sideSheetPx}px`} w="100%">
            <Drawer.Header>
              <Drawer.Title>{t('employees.sheet.title')}</Drawer.Title>
            </Drawer.Header>
            {/* The machine starts once the organisations are known: they decide the extra lines. */}
            {props.open && loaded && <SheetForm orgs={orgs} onCreated={props.onCreated} />}
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t('common.actions.close')} />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
};
