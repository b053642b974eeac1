import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { ALERT_KEYS, ERROR_KEYS } from '../../src/contract/keys.ts';
import { VALIDATION_KEYS } from '../../src/contract/validation.ts';
import { createMaskEditorActors } from './maskEditor.actors.ts';
import { A4, OUTSIDE, PATHS_INPUT, SAMPLE, SAVED, ZONE } from './maskEditor.fixtures.ts';
import { maskEditorMachine } from './maskEditor.machine.ts';
import { selectMaskEditor } from './maskEditor.selectors.ts';
import type { MaskEditorInput, PageAlert, SaveMaskInput } from './maskEditor.types.ts';

const start = (save: (input: SaveMaskInput) => Promise<typeof SAVED>, input: MaskEditorInput = PATHS_INPUT) => {
  const alerts: PageAlert[] = [];
  const saved: SaveMaskInput[] = [];
  let left = 0;
  const actor = createActor(
    maskEditorMachine.provide({
      actors: createMaskEditorActors({
        saveMask: (i) => {
          saved.push(i);
          return save(i);
        },
      }),
      actions: { alert: (_, a) => void alerts.push(a), goToList: () => void (left += 1) },
    }),
    { input },
  ).start();
  return {
    actor,
    alerts,
    saved,
    get left() {
      return left;
    },
    view: () => selectMaskEditor(actor.getSnapshot()),
  };
};

describe('mask editor', () => {
  it('says what is missing only once saving was asked, and saves nothing meanwhile', () => {
    const editor = start(() => Promise.resolve(SAVED));
    expect(editor.view()).toMatchObject({ problem: null, nameError: null, canSave: true, canCancel: true });
    editor.actor.send({ type: 'mask.save' });
    expect(editor.view().problem).toBe('masks.editor.needSample');
    editor.actor.send({ type: 'samples.change', samples: [SAMPLE] });
    expect(editor.view().problem).toBe('masks.editor.needZone');
    editor.actor.send({ type: 'page.measured', size: A4 });
    editor.actor.send({ type: 'zone.change', zone: OUTSIDE });
    expect(editor.view().problem).toBe(ERROR_KEYS.maskZoneOutsidePage);
    editor.actor.send({ type: 'zone.change', zone: ZONE });
    editor.actor.send({ type: 'settings.change', patch: { maskName: '  ' } });
    expect(editor.view()).toMatchObject({ problem: null, nameError: VALIDATION_KEYS.required });
    editor.actor.send({ type: 'mask.save' });
    expect(editor.actor.getSnapshot().value).toBe('editing');
    expect(editor.saved).toEqual([]);
  });

  it('saves the trimmed name with the zone and samples, says so and goes back to the list', async () => {
    const editor = start(() => Promise.resolve(SAVED));
    editor.actor.send({ type: 'samples.change', samples: [SAMPLE] });
    editor.actor.send({ type: 'zone.change', zone: ZONE });
    editor.actor.send({ type: 'settings.change', patch: { maskName: ' Bulletin de paie ', identifier: 'numSecu' } });
    editor.actor.send({ type: 'mask.save' });
    expect(editor.view()).toMatchObject({ saving: true, editable: false, canSave: false, canCancel: false });
    editor.actor.send({ type: 'zone.change', zone: OUTSIDE }); // nothing is edited while it saves
    expect(editor.saved).toEqual([
      {
        json: {
          orgId: PATHS_INPUT.settings.orgId,
          maskName: 'Bulletin de paie',
          identifier: 'numSecu',
          grouping: 'onePerPage',
          docType: 'BULLETIN_PAIE',
          zone: ZONE,
        },
        samples: [SAMPLE],
      },
    ]);
    await waitFor(editor.actor, (s) => s.status === 'done');
    expect(editor.alerts).toEqual([
      { message: ALERT_KEYS.masks.postSuccess, type: 'success', values: { name: SAVED.maskName } },
    ]);
    expect(editor.left).toBe(1);
  });

  it('keeps the editor, with what was typed, when the save fails; the failure goes to the view', async () => {
    const failure = { key: 'error.mask.zone-outside-page', status: 400 };
    const editor = start(() => Promise.reject(failure), { ...PATHS_INPUT, zone: ZONE, samples: [SAMPLE] });
    editor.actor.send({ type: 'mask.save' });
    await waitFor(editor.actor, (s) => s.matches('editing'));
    expect(editor.alerts).toEqual([{ message: ALERT_KEYS.masks.postError, type: 'error', failure }]);
    expect(editor.view()).toMatchObject({ zone: ZONE, samples: [SAMPLE], canSave: true });
    expect(editor.left).toBe(0);
  });

  it('leaves for the list on « Annuler »', () => {
    const editor = start(() => Promise.resolve(SAVED));
    editor.actor.send({ type: 'mask.cancel' });
    expect(editor.actor.getSnapshot().status).toBe('done');
    expect(editor.left).toBe(1);
  });
});
