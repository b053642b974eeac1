import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { DomainId } from '../../src/contract/constants.ts';
import { SESSIONS } from '../auth/auth.fixtures.ts';
import type { SessionView } from '../auth/auth.types.ts';
import { domainChoiceMachine } from './domain-choice.machine.ts';
import { selectDomainChoice } from './domain-choice.selectors.ts';

const entered = (domain: DomainId): SessionView => ({ ...SESSIONS.multiDomain, domain });

const withSwitch = (answer: (domain: DomainId) => Promise<SessionView>, microsoft = false) => {
  const asked: string[] = [];
  const actor = createActor(
    domainChoiceMachine.provide({
      actors: {
        switchDomain: fromPromise<SessionView, { domain: DomainId; microsoft?: boolean }>(({ input }) => {
          asked.push(input.microsoft ? `${input.domain} (microsoft)` : input.domain);
          return answer(input.domain);
        }),
      },
    }),
    { input: { domains: ['legacy', 'main'], microsoft } },
  );
  actor.start();
  return { actor, asked, view: () => selectDomainChoice(actor.getSnapshot()) };
};

describe('domain choice', () => {
  it('switches to the chosen domain and ends with the session there as its output', async () => {
    const { actor, asked, view } = withSwitch((domain) => Promise.resolve(entered(domain)));
    actor.send({ type: 'domain.choose', domain: 'main' });
    expect(view().isSwitching).toBe(true);
    await waitFor(actor, (s) => s.status === 'done');
    expect(asked).toEqual(['main']);
    expect(view()).toMatchObject({ isEntered: true, chosen: 'main', error: null });
    expect(actor.getSnapshot().output?.domain).toBe('main');
  });

  it('asks the Microsoft switch for a session opened by Microsoft', async () => {
    const { actor, asked } = withSwitch((domain) => Promise.resolve(entered(domain)), true);
    actor.send({ type: 'domain.choose', domain: 'legacy' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(asked).toEqual(['legacy (microsoft)']);
  });

  it('a refusal keeps the choice open with the keyed error; choosing again clears it', async () => {
    let refuse = true;
    const { actor, view } = withSwitch(() =>
      refuse ? Promise.reject({ key: 'error.auth.domain-denied', status: 403 }) : Promise.resolve(entered('main')),
    );
    actor.send({ type: 'domain.choose', domain: 'legacy' });
    await waitFor(actor, (s) => s.matches('choosing'));
    expect(view()).toMatchObject({ canChoose: true, error: { key: 'error.auth.domain-denied' } });
    refuse = false;
    actor.send({ type: 'domain.choose', domain: 'main' });
    expect(view().error).toBeNull();
    await waitFor(actor, (s) => s.status === 'done');
    expect(view().isEntered).toBe(true);
  });

  it('ignores a domain the user has no root in, and can be abandoned', () => {
    const actor = createActor(domainChoiceMachine, { input: { domains: ['main'] } });
    actor.start();
    actor.send({ type: 'domain.choose', domain: 'legacy' });
    expect(actor.getSnapshot().value).toBe('choosing');
    actor.send({ type: 'domain.back' });
    expect(selectDomainChoice(actor.getSnapshot()).isAbandoned).toBe(true);
    expect(actor.getSnapshot().output).toBeNull();
  });
});
