import { Button, Checkbox, CloseButton, Dialog, List, Portal, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppLink } from '../../components/AppLink.tsx';

const HELP_LINKS = [
  { label: 'dashboard.welcome.employees', to: '/employees' },
  { label: 'dashboard.welcome.campaigns', to: '/campaigns/status/validation' },
  { label: 'dashboard.welcome.signbooks', to: '/signworkflows/status/in-progress' },
  { label: 'dashboard.welcome.profile', to: '/profile' },
] as const;

export const WelcomeDialog = ({ open, onClose }: { open: boolean; onClose: () => void }) => {
  const { t } = useTranslation();
  return (
    <Dialog.Root open={open} onOpenChange={(d) => (d.open ? undefined : onClose())} placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px="3">
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{t('dashboard.welcome.title')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text mb="3">{t('dashboard.welcome.intro')}</Text>
              <List.Root gap="2" ps="5">
                {HELP_LINKS.map((link) => (
                  <List.Item key={link.to}>
                    <AppLink to={link.to} color="brand.fg" onClick={onClose}>
                      {t(link.label)}
                    </AppLink>
                  </List.Item>
                ))}
                <List.Item>
                  <a href="/api/docs" target="_blank" rel="noreferrer" style={{ textDecoration: 'underline' }}>
                    {t('dashboard.welcome.api')}
                  </a>
                </List.Item>
              </List.Root>
            </Dialog.Body>
            <Dialog.Footer>
              <Button colorPalette="brand" onClick={onClose}>
                {t('dashboard.welcome.start')}
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t('common.actions.close')} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
};

export const NewVersionDialog = ({
  open,
  version,
  onClose,
}: {
  open: boolean;
  version: string;
  onClose: (mute: boolean) => void;
}) => {
  const { t } = useTranslation();
  const [mute, setMute] = useState(false);
  return (
    <Dialog.Root open={open} onOpenChange={(d) => (d.open ? undefined : onClose(mute))} placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px="3">
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{t('dashboard.newVersion.title')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="4">
                <Text>{t('dashboard.newVersion.text', { version })}</Text>
                <Checkbox.Root checked={mute} onCheckedChange={(d) => setMute(d.checked === true)}>
                  <Checkbox.HiddenInput />
                  <Checkbox.Control />
                  <Checkbox.Label>{t('dashboard.newVersion.dontShowAgain')}</Checkbox.Label>
                </Checkbox.Root>
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button colorPalette="brand" onClick={() => onClose(mute)}>
                {t('common.actions.close')}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
};
