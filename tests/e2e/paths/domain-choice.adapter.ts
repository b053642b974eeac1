/**
 * The domain-choice machine in the browser: the page a user of two domains meets after logging in
 * (persona `multi`), one card per domain, and « Retour à la connexion ». A refused switch is the
 * browser's connection dropped for it.
 */
import { expect } from '@playwright/test';
import type { EventObject } from 'xstate';
import { fr } from '../support.ts';
import type { MachineAdapter } from './adapter.ts';
import { routeUrl } from '../../../src/contract/routes.ts';
import { afterDrop, chooseDomainButton, dropCall, logInThroughForm, shellShown, skipWelcome } from './screens.ts';

export const domainChoiceAdapter: MachineAdapter = {
  machine: 'domain-choice',
  start: async (page) => {
    await skipWelcome(page);
    await logInThroughForm(page, 'multi');
  },
  how: {
    'domain.choose': 'the card’s « Accéder à cet espace » button',
    'domain.back': '« Retour à la connexion »',
    'xstate.done.actor.switchDomain': 'the server answers the switch (through the auth machine)',
    'xstate.error.actor.switchDomain': 'the switch fails: the connection drops for it',
  },
  events: {
    'domain.choose': async ({ page, event, next, memo }) => {
      if (next?.type === 'xstate.error.actor.switchDomain') await dropCall(page, routeUrl('auth.switchDomain'), memo);
      await chooseDomainButton(page, (event as EventObject & { domain: string }).domain).click();
    },
    'domain.back': async ({ page }) => {
      await page.getByRole('button', { name: fr('common.actions.backToLogin') }).click();
    },
    'xstate.done.actor.switchDomain': async () => {},
    'xstate.error.actor.switchDomain': async ({ page, memo }) => afterDrop(page, memo),
  },
  states: {
    'domainChoice.choosing': async (page, snapshot) => {
      await expect(page.getByRole('heading', { name: fr('auth.domainChoice.title') })).toBeVisible();
      if ((snapshot.context as { error: unknown }).error) await expect(page.getByRole('alert')).toBeVisible();
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
      await expect(page.getByRole('heading', { name: fr('auth.login.title') })).toBeVisible();
    },
  },
};
