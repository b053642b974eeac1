/**
 * Runs machines/mask-editor for the editor: `masks.create` through the app's API client as its save
 * (the result published on the bus as usual), the alerts and the way back to the list as its actions.
 * The editor renders `view` and sends the machine's events.
 */
import { useNavigate } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Mask } from '../../../contract/entities.ts';
import {
  createMaskEditorActors,
  type MaskEditorEvent,
  type MaskEditorInput,
  maskEditorMachine,
  selectMaskEditor,
} from '../../../../machines/mask-editor/index.ts';
import { asFailure, failureText } from '../../../../machines/org-form/orgForm.model.ts';
import { useServices } from '../../app/index.ts';
import { maskFormData } from './samples.ts';

export const useMaskEditor = (input: MaskEditorInput) => {
  const services = useServices();
  const navigate = useNavigate();
  const { t } = useTranslation();
  // Built once per editor (useActorRef keeps the first): the alerts actor rather than a render's `push`.
  const logic = useMemo(
    () =>
      maskEditorMachine.provide({
        actors: createMaskEditorActors({
          saveMask: ({ json, samples }) =>
            services.api.call<Mask>('masks.create', { formData: maskFormData(json, samples) }),
        }),
        actions: {
          alert: (_, { failure, ...alert }) =>
            services.actors.alerts.send({
              type: 'alert.push',
              alert: { ...alert, ...(failure !== undefined ? { detail: failureText(asFailure(failure), t) } : {}) },
            }),
          goToList: () => void navigate({ to: '/doc-types' }),
        },
      }),
    [services], // eslint-disable-line react-hooks/exhaustive-deps -- the first render's navigate and t serve the editor's life
  );
  const actor = useActorRef(logic, { input });
  const view = useSelector(actor, selectMaskEditor);
  const send = useMemo(() => (event: MaskEditorEvent) => actor.send(event), [actor]);
  return { view, send };
};
