/**
 * Step 4: the campaign's name (required), the name shown to employees (defaults to it), the check
 * before distribution, the notifications and who receives them.
 */
import { Checkbox, Field, Fieldset, Input, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { NotifiableUser, OrganizationConf } from '../../../contract/entities.ts';
import type { CreationOption } from '../../../../machines/campaign-creation/index.ts';
import { useAuth, useRead } from '../../app/index.ts';
import type { CampaignCreation } from './useCampaignCreation.ts';

const OPTIONS: readonly CreationOption[] = ['review', 'onRefuse', 'onError'];

export const OptionsStep = ({ creation }: { creation: CampaignCreation }) => {
  const { t } = useTranslation();
  const { session, hasFeature } = useAuth();
  const { view, send } = creation;
  const [touched, setTouched] = useState(false);
  const orgId = session?.orgId;
  const canReadConf = hasFeature('OrgList');

  // Without the right to read the configuration, nobody is offered (the step still works).
  const conf = useRead('organizations.conf', orgId && canReadConf ? { params: { id: orgId } } : null);
  const users: readonly NotifiableUser[] = (conf.data as OrganizationConf | null)?.notifiableUsers ?? [];

  const nameMissing = view.name.trim() === '';
  const toggleUser = (id: string, on: boolean) =>
    send({
      type: 'creation.notify.change',
      userIds: on ? [...view.usersToNotify, id] : view.usersToNotify.filter((u) => u !== id),
    });

  return (
    <Stack gap="5" maxW="2xl">
      <Field.Root required invalid={touched && nameMissing}>
        <Field.Label>
          {t('campaignCreate.options.name')}
          <Field.RequiredIndicator />
        </Field.Label>
        <Input
          value={view.name}
          onChange={(e) => send({ type: 'creation.name.change', value: e.target.value })}
          onBlur={() => setTouched(true)}
          autoComplete="off"
        />
        <Field.ErrorText>{t('validation.required')}</Field.ErrorText>
      </Field.Root>
      <Field.Root>
        <Field.Label>{t('campaignCreate.options.docName')}</Field.Label>
        <Input
          value={view.docName}
          placeholder={view.name}
          onChange={(e) => send({ type: 'creation.docName.change', value: e.target.value })}
          autoComplete="off"
        />
        <Field.HelperText>{t('campaignCreate.options.docNameHint')}</Field.HelperText>
      </Field.Root>
      <Fieldset.Root>
        <Fieldset.Legend>{t('campaignCreate.options.behaviour')}</Fieldset.Legend>
        <Stack gap="2" mt="2">
          {OPTIONS.map((option) => (
            <Checkbox.Root
              key={option}
              checked={view[option]}
              onCheckedChange={({ checked }) => send({ type: 'creation.option.set', option, value: checked === true })}
              alignItems="flex-start"
            >
              <Checkbox.HiddenInput />
              <Checkbox.Control mt="0.5" />
              <Stack gap="0">
                <Checkbox.Label>{t(`campaignCreate.options.${option}`)}</Checkbox.Label>
                <Text fontSize="sm" color="fg.muted">
                  {t(`campaignCreate.options.${option}Hint`)}
                </Text>
              </Stack>
            </Checkbox.Root>
          ))}
        </Stack>
      </Fieldset.Root>
      {users.length > 0 ? (
        <Fieldset.Root>
          <Fieldset.Legend>{t('campaignCreate.options.usersToNotify')}</Fieldset.Legend>
          <Fieldset.HelperText>{t('campaignCreate.options.usersToNotifyHint')}</Fieldset.HelperText>
          <Stack gap="1" mt="2" maxH="14rem" overflowY="auto">
            {users.map((u) => (
              <Checkbox.Root
                key={u.id}
                checked={view.usersToNotify.includes(u.id)}
                onCheckedChange={({ checked }) => toggleUser(u.id, checked === true)}
              >
                <Checkbox.HiddenInput />
                <Checkbox.Control />
                <Checkbox.Label>{`${u.firstName} ${u.lastName}${u.email ? ` — ${u.email}` : ''}`}</Checkbox.Label>
              </Checkbox.Root>
            ))}
          </Stack>
        </Fieldset.Root>
      ) : null}
    </Stack>
  );
};
