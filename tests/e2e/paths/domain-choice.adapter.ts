/**
 * The domain-choice machine in the browser: the page a user of two domains meets after logging in
 * (persona `multi`), one card per domain.
 */
import { expect } from '@playwright/test';
import type { EventObject } from 'xstate';
import { fr } from '../support.ts';
import type { MachineAdapter } from './adapter.ts';
import { chooseDomainButton, logInThroughForm, shellShown, skipWelcome } from './screens.ts';

export const domainChoiceAdapter: MachineAdapter = {
  machine: 'domain-choice',
  start: async (page) => {
    await skipWelcome(page);
    await logInThroughForm(page, 'multi');
  },
  how: {
    'domain.choose': 'the card’s « Accéder à cet espace » button',
    'xstate.done.actor.switchDomain': 'the server answers the switch (through the auth machine)',
  },
  events: {
    'domain.choose': async ({ page, event }) => {
      await chooseDomainButton(page, (event as EventObject & { domain: string }).domain).click();
    },
    'xstate.done.actor.switchDomain': async () => {},
  },
  states: {
    'domainChoice.choosing': async (page) => {
      await expect(page.getByRole('heading', { name: fr('auth.domainChoice.title') })).toBeVisible();
      await expect(chooseDomainButton(page, 'legacy')).toBeEnabled();
      await expect(chooseDomainButton(page, 'main')).toBeEnabled();
    },
    'domainChoice.switching': null,
    'domainChoice.entered': async (page) => {
      await shellShown(page);
      await expect(page).toHaveURL(/\/dashboard/);
    },
    'domainChoice.abandoned': async (page) => {
      await expect(page).toHaveURL(/\/login/);
    },
  },
  notDriven: {
    'domainChoice.choosing —domain.back[0]→ domainChoice.abandoned':
      'the domain choice page has no way back to login: nothing sends `domain.back`',
    'domainChoice.switching —xstate.error.actor.switchDomain[0]→ domainChoice.choosing':
      'the server refuses a domain it offered only if the user lost it between login and choice',
  },
};
