/** Runs the campaign-creation machine for the page: upload wired to XHR + notifications, alerts, navigation. */
import { useNavigate } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { campaignCreationMachine, selectCreation } from '../../../../machines/campaign-creation/index.ts';
import { useAlerts, useServices } from '../../app/index.ts';
import { failureText } from './failureText.ts';
import { createSubmitCampaign } from './submitCampaign.ts';

let fileIds = 0;

export const useCampaignCreation = () => {
  const services = useServices();
  const { push } = useAlerts();
  const { t } = useTranslation();
  const navigate = useNavigate();
  /** The accepted files' bytes stay here; the machine holds their ids, names and sizes. */
  const [files] = useState(() => new Map<string, File>());
  const machine = useMemo(
    () =>
      campaignCreationMachine.provide({
        actors: { submitCampaign: createSubmitCampaign({ services, fileOf: (id) => files.get(id) }) },
      }),
    [services, files],
  );
  const actor = useActorRef(machine, { input: {} });
  const view = useSelector(actor, selectCreation);

  useEffect(() => {
    // Sentences, not a bare file name: « … a échoué. Ce PDF est endommagé, incomplet ou mal formé … Fichier concerné : two.pdf. »
    const alerts = actor.on('creation.alert', ({ alert }) => {
      const detail = failureText(t, alert.cause, alert.detail);
      push({ type: alert.type, message: alert.key, ...(detail ? { detail } : {}) });
    });
    // After the machine has left `sending`, so the leave guard lets the page go.
    const sent = actor.on('creation.sent', ({ campaignId }) => {
      setTimeout(() => void navigate({ to: '/campaigns/$campaignId', params: { campaignId } }), 0);
    });
    return () => {
      alerts.unsubscribe();
      sent.unsubscribe();
    };
  }, [actor, push, navigate, t]);

  const addFile = (file: File) => {
    const id = `file-${(fileIds += 1)}`;
    files.set(id, file);
    actor.send({ type: 'creation.document.add', document: { id, name: file.name, size: file.size } });
  };
  const removeFile = (id: string) => {
    files.delete(id);
    actor.send({ type: 'creation.document.remove', id });
  };
  /**
   * Read at the moment of leaving: a chosen type, a file, a recipient or a typed name would be lost. Not once
   * sent (the page then opens the campaign), nor while sending (the page warns that the upload would stop).
   */
  const leavingUnsaved = () => {
    const now = selectCreation(actor.getSnapshot());
    if (now.isSent || now.isBusy) return false;
    return (
      now.docType !== null ||
      now.documents.length > 0 ||
      now.recipients.length > 0 ||
      now.name.trim() !== '' ||
      now.docName.trim() !== ''
    );
  };
  return { actor, view, send: actor.send, addFile, removeFile, leavingUnsaved };
};
export type CampaignCreation = ReturnType<typeof useCampaignCreation>;
