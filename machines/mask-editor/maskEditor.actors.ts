/** The mask editor's one effect, from a port so the machine imports nothing from the web app: saving the mask. */
import { fromPromise } from 'xstate';
import type { Mask } from '../../src/contract/entities.ts';
import type { SaveMaskInput } from './maskEditor.types.ts';

export interface MaskEditorPorts {
  /** `masks.create` with the settings and the samples; rejects with the call's failure. */
  readonly saveMask: (input: SaveMaskInput) => Promise<Mask>;
}

export const createMaskEditorActors = (ports: MaskEditorPorts) => ({
  saveMask: fromPromise<Mask, SaveMaskInput>(({ input }) => ports.saveMask(input)),
});
