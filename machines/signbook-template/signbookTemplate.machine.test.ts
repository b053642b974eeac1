import { describe, expect, it } from 'vitest';
import { type AnyMachineSnapshot, createActor, transition, waitFor } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import type { RouteId } from '../../src/contract/routes.ts';
import { CAMILLE, DOC_TYPES, NOMAIL, TEMPLATE } from '../signbook-creation/signbookCreation.fixtures.ts';
import { createSignbookTemplateActors } from './signbookTemplate.actors.ts';
import { PATHS_INPUT, serializeSignbookTemplate, signbookTemplateFixtures } from './signbookTemplate.fixtures.ts';
import { signbookTemplateMachine } from './signbookTemplate.machine.ts';
import { selectSignbookTemplate } from './signbookTemplate.selectors.ts';
import type { SignbookTemplateEmitted, SignbookTemplateInput } from './signbookTemplate.types.ts';
import { type Answer, tableApi } from '../testing/tableApi.ts';

const start = (input: SignbookTemplateInput, answers: Partial<Record<RouteId, Answer>>) => {
  const { api: port, calls } = tableApi({ 'documents.orgDocTypes': () => DOC_TYPES, ...answers });
  const actor = createActor(
    signbookTemplateMachine.provide({ actors: createSignbookTemplateActors({ sign: port, api: port }) }),
    { input },
  );
  const emitted: SignbookTemplateEmitted[] = [];
  actor.on('*', (e) => emitted.push(e));
  actor.start();
  const view = () => selectSignbookTemplate(actor.getSnapshot());
  return { actor, calls, emitted, view };
};

describe('signbook template', () => {
  it('a new template shows at once; saving needs a name, steps and e-mails, then creates and moves to it', async () => {
    const { actor, calls, emitted, view } = start(
      { id: 'new', orgId: 'org-a' },
      { 'signbooks.templateCreate': () => ({ ...TEMPLATE, id: 'tpl-new' }) },
    );
    expect(view()).toMatchObject({ loaded: true, creating: true, canDelete: false });
    actor.send({ type: 'template.steps.change', steps: [{ signatoryType: 'employee', signatories: [NOMAIL] }] });
    await waitFor(actor, (s) => s.matches('editing'));
    actor.send({ type: 'template.save' });
    expect(view().messages).toEqual(['validation.required', 'error.signbook.signatory-without-email']);
    expect(view().nameMissing).toBe(true);
    actor.send({ type: 'template.name.change', value: 'Avenant' });
    actor.send({ type: 'template.steps.change', steps: [{ signatoryType: 'user', signatories: [CAMILLE] }] });
    actor.send({ type: 'template.docType.toggle', code: 'AVENANT', checked: true });
    actor.send({ type: 'template.save' });
    expect(view().busy).toBe(true);
    await waitFor(actor, (s) => s.matches({ editing: { form: 'idle' } }));
    expect(calls.find((c) => c.routeId === 'signbooks.templateCreate')?.body).toMatchObject({
      name: 'Avenant',
      organizationId: 'org-a',
      docTypes: ['AVENANT'],
    });
    expect(emitted).toEqual([
      { type: 'template.alert', key: 'signbooks.templates.saved' },
      { type: 'template.created', id: 'tpl-new' },
    ]);
  });

  it('reads a stored template and its organisation’s types, updates it, deletes it after confirmation', async () => {
    const { actor, calls, emitted, view } = start(
      { id: TEMPLATE.id, orgId: 'org-a' },
      {
        'signbooks.template': () => TEMPLATE,
        'signbooks.templateUpdate': () => TEMPLATE,
        'signbooks.templateDelete': () => null,
      },
    );
    expect(view().loaded).toBe(false);
    await waitFor(actor, (s) => s.matches({ editing: { organisation: 'ready' } }));
    expect(view()).toMatchObject({ loaded: true, name: TEMPLATE.name, orgId: 'org-b', docTypes: ['AVENANT'] });
    expect(view().types).toHaveLength(3);
    actor.send({ type: 'template.save' });
    await waitFor(actor, (s) => s.matches({ editing: { form: 'idle' } }));
    expect(calls.find((c) => c.routeId === 'signbooks.templateUpdate')?.params).toEqual({ id: TEMPLATE.id });
    actor.send({ type: 'template.delete.ask' });
    expect(view().confirming).toBe(true);
    actor.send({ type: 'template.delete.cancel' });
    expect(view().confirming).toBe(false);
    actor.send({ type: 'template.delete.ask' });
    actor.send({ type: 'template.delete.confirm' });
    await waitFor(actor, (s) => s.matches('deleted'));
    expect(emitted).toEqual([
      { type: 'template.alert', key: 'signbooks.templates.saved' },
      { type: 'template.alert', key: 'signbooks.templates.deleted' },
      { type: 'template.deleted' },
    ]);
  });

  it("a failed read still shows the form with the server's key; a failed deletion closes the confirmation", async () => {
    const { actor, view } = start(
      { id: 'tpl-x', orgId: 'org-a' },
      {
        'signbooks.template': () => {
          throw { key: 'error.not-found', status: 404 };
        },
        'signbooks.templateDelete': () => {
          throw { status: 500 };
        },
      },
    );
    await waitFor(actor, (s) => s.matches('editing'));
    expect(view()).toMatchObject({ loaded: true, messages: ['error.not-found'] });
    actor.send({ type: 'template.delete.ask' });
    actor.send({ type: 'template.delete.confirm' });
    await waitFor(actor, (s) => s.matches({ editing: { form: 'idle' } }));
    expect(view()).toMatchObject({ confirming: false, messages: ['error.internal'] });
  });
});

describe('signbook template: a signatory added is never dropped', () => {
  const events = Object.values(signbookTemplateFixtures).flat();
  // Every snapshot the fixture events reach, for a stored template and a new one, where the page shows the
  // steps editor (the form is read; `deleted` is left at once for the list).
  const shown = [PATHS_INPUT, { id: 'new', orgId: 'org-a' }]
    .flatMap((input) =>
      getShortestPaths(signbookTemplateMachine, {
        input,
        events: (s) => events.filter((e) => s.can(e)),
        serializeState: serializeSignbookTemplate,
      }).map((p) => p.state as AnyMachineSnapshot),
    )
    .filter((s) => selectSignbookTemplate(s as never).loaded && !s.matches('deleted'));
  const added = [{ signatoryType: 'user' as const, signatories: [CAMILLE] }];
  const add = { type: 'template.steps.change', steps: added } as const;

  it('accepts an add wherever the editor shows, reading a new template and saving included', () => {
    const values = new Set(shown.map((s) => JSON.stringify(s.value)));
    expect(values).toContain(JSON.stringify('reading'));
    expect(values).toContain(JSON.stringify({ editing: { form: 'saving', organisation: 'loading' } }));
    for (const s of shown) {
      expect(s.can(add), JSON.stringify(s.value)).toBe(true);
      expect(transition(signbookTemplateMachine, s as never, add)[0].context.steps).toEqual(added);
    }
  });

  it('no later answer takes the add back, but the read of a stored template (its form is not shown meanwhile)', () => {
    for (const s of shown) {
      const [withAdd] = transition(signbookTemplateMachine, s as never, add);
      for (const event of events.filter((e) => e.type !== 'template.steps.change')) {
        if (event.type === 'xstate.done.actor.loadTemplate' && event.output) continue;
        const [next] = transition(signbookTemplateMachine, withAdd, event as never);
        expect(next.context.steps, `${JSON.stringify(s.value)} then ${event.type}`).toEqual(added);
      }
    }
  });
});
