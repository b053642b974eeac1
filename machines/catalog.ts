/** Every machine with its fixtures: what the path scripts and docs walk. */
import type { AnyMachineSnapshot, AnyStateMachine } from 'xstate';
import { alertFixtures } from './alerts/alert.fixtures.ts';
import { alertMachine } from './alerts/alert.machine.ts';
import { alertsFixtures } from './alerts/alerts.fixtures.ts';
import { alertsMachine } from './alerts/alerts.machine.ts';
import { authFixtures } from './auth/auth.fixtures.ts';
import { authMachine } from './auth/auth.machine.ts';
import { campaignFixtures } from './campaign/campaign.fixtures.ts';
import { DOMAIN_CHOICE_INPUT, domainChoiceFixtures } from './domain-choice/domain-choice.fixtures.ts';
import { domainChoiceMachine } from './domain-choice/domain-choice.machine.ts';
import {
  dsnImportFixtures,
  PATHS_INPUT as dsnImportInput,
  serializeDsnImport,
} from './dsn-import/dsnImport.fixtures.ts';
import { dsnImportMachine } from './dsn-import/dsnImport.machine.ts';
import {
  documentUploadFixtures,
  PATHS_INPUT as documentUploadInput,
  serializeDocumentUpload,
} from './document-upload/documentUpload.fixtures.ts';
import { documentUploadMachine } from './document-upload/documentUpload.machine.ts';
import { documentListFixtures, serializeDocumentList } from './document-list/documentList.fixtures.ts';
import { documentListMachine } from './document-list/documentList.machine.ts';
import {
  maskEditorFixtures,
  PATHS_INPUT as maskEditorInput,
  serializeMaskEditor,
} from './mask-editor/maskEditor.fixtures.ts';
import { maskEditorMachine } from './mask-editor/maskEditor.machine.ts';
import { campaignMachine } from './campaign/campaign.machine.ts';
import {
  CAMPAIGN_DOCUMENTS_INPUT,
  campaignDocumentsFixtures,
  serializeCampaignDocuments,
} from './campaign-documents/campaignDocuments.fixtures.ts';
import { campaignDocumentsMachine } from './campaign-documents/campaignDocuments.machine.ts';
import { employeeListFixtures, serializeEmployeeList } from './employee-list/employeeList.fixtures.ts';
import { employeeListMachine } from './employee-list/employeeList.machine.ts';
import { creationFixtures, serializeCreation } from './campaign-creation/creation.fixtures.ts';
import { campaignCreationMachine } from './campaign-creation/creation.machine.ts';
import {
  employeeSheetFixtures,
  serializeEmployeeSheet,
  SHEET_INPUT as employeeSheetInput,
} from './employee-sheet/employeeSheet.fixtures.ts';
import { employeeSheetMachine } from './employee-sheet/employeeSheet.machine.ts';
import { DISPATCHED_DOC_INPUT, dispatchedDocFixtures } from './dispatched-doc/dispatchedDoc.fixtures.ts';
import { dispatchedDocMachine } from './dispatched-doc/dispatchedDoc.machine.ts';
import { IGNORED_INPUT, ignoredPagesFixtures } from './ignored-pages/ignoredPages.fixtures.ts';
import { ignoredPagesMachine } from './ignored-pages/ignoredPages.machine.ts';
import { UPLOAD_INPUT, uploadFixtures } from './upload/upload.fixtures.ts';
import { uploadMachine } from './upload/upload.machine.ts';
import {
  employeeFormFixtures,
  PATHS_INPUT as employeeFormInput,
  serializeEmployeeForm,
} from './employee-form/employeeForm.fixtures.ts';
import { employeeFormMachine } from './employee-form/employeeForm.machine.ts';
import { notificationsFixtures } from './notifications/notifications.fixtures.ts';
import { PROFILE_INPUT, profileFixtures, serializeProfile } from './profile/profile.fixtures.ts';
import { profileMachine } from './profile/profile.machine.ts';
import {
  groupFormFixtures,
  PATHS_INPUT as groupFormInput,
  serializeGroupForm,
} from './group-form/groupForm.fixtures.ts';
import { groupFormMachine } from './group-form/groupForm.machine.ts';
import { orgConfFixtures, PATHS_INPUT as orgConfInput, serializeOrgConf } from './org-conf/orgConf.fixtures.ts';
import { orgConfMachine } from './org-conf/orgConf.machine.ts';
import { orgFormFixtures, PATHS_INPUT as orgFormInput, serializeOrgForm } from './org-form/orgForm.fixtures.ts';
import { orgFormMachine } from './org-form/orgForm.machine.ts';
import {
  PATHS_INPUT as rightsFormInput,
  rightsFormFixtures,
  serializeRightsForm,
} from './rights-form/rightsForm.fixtures.ts';
import { rightsFormMachine } from './rights-form/rightsForm.machine.ts';
import { notificationsMachine } from './notifications/notifications.machine.ts';
import { signbookFixtures, signbookInput } from './signbook/signbook.fixtures.ts';
import { signbookMachine } from './signbook/signbook.machine.ts';
import {
  PATHS_INPUT as signbookCreationInput,
  serializeSignbookCreation,
  signbookCreationFixtures,
} from './signbook-creation/signbookCreation.fixtures.ts';
import { signbookCreationMachine } from './signbook-creation/signbookCreation.machine.ts';
import {
  PATHS_INPUT as signbookTemplateInput,
  serializeSignbookTemplate,
  signbookTemplateFixtures,
} from './signbook-template/signbookTemplate.fixtures.ts';
import { signbookTemplateMachine } from './signbook-template/signbookTemplate.machine.ts';
import { signerFixtures, signerInput } from './signer/signer.fixtures.ts';
import { signerMachine } from './signer/signer.machine.ts';
import { READ_INPUT, readFixtures, serializeRead } from './read/read.fixtures.ts';
import { readMachine } from './read/read.machine.ts';
import { COMMAND_INPUT, commandFixtures, serializeCommand } from './command/command.fixtures.ts';
import { commandMachine } from './command/command.machine.ts';
import type { EventObject } from 'xstate';

export interface CatalogEntry {
  readonly name: string;
  readonly machine: AnyStateMachine;
  readonly fixtures: Readonly<Record<string, readonly EventObject[]>>;
  readonly input?: unknown;
  /** For machines whose context grows with typing: what tells two snapshots apart in the traversal. */
  readonly serializeState?: (snapshot: AnyMachineSnapshot) => string;
}

export const MACHINES: readonly CatalogEntry[] = [
  { name: 'auth', machine: authMachine, fixtures: authFixtures },
  { name: 'domain-choice', machine: domainChoiceMachine, fixtures: domainChoiceFixtures, input: DOMAIN_CHOICE_INPUT },
  { name: 'alerts', machine: alertsMachine, fixtures: alertsFixtures },
  { name: 'alert', machine: alertMachine, fixtures: alertFixtures },
  { name: 'notifications', machine: notificationsMachine, fixtures: notificationsFixtures },
  {
    name: 'employee-form',
    machine: employeeFormMachine,
    fixtures: employeeFormFixtures,
    input: employeeFormInput,
    serializeState: serializeEmployeeForm,
  },
  {
    name: 'employee-sheet',
    machine: employeeSheetMachine,
    fixtures: employeeSheetFixtures,
    input: employeeSheetInput,
    serializeState: serializeEmployeeSheet,
  },
  {
    name: 'profile',
    machine: profileMachine,
    fixtures: profileFixtures,
    input: PROFILE_INPUT,
    serializeState: serializeProfile,
  },
  {
    name: 'org-form',
    machine: orgFormMachine,
    fixtures: orgFormFixtures,
    input: orgFormInput,
    serializeState: serializeOrgForm,
  },
  {
    name: 'org-conf',
    machine: orgConfMachine,
    fixtures: orgConfFixtures,
    input: orgConfInput,
    serializeState: serializeOrgConf,
  },
  {
    name: 'group-form',
    machine: groupFormMachine,
    fixtures: groupFormFixtures,
    input: groupFormInput,
    serializeState: serializeGroupForm,
  },
  { name: 'campaign', machine: campaignMachine, fixtures: campaignFixtures },
  {
    name: 'campaign-documents',
    machine: campaignDocumentsMachine,
    fixtures: campaignDocumentsFixtures,
    input: CAMPAIGN_DOCUMENTS_INPUT,
    serializeState: serializeCampaignDocuments,
  },
  { name: 'read', machine: readMachine, fixtures: readFixtures, input: READ_INPUT, serializeState: serializeRead },
  {
    name: 'command',
    machine: commandMachine,
    fixtures: commandFixtures,
    input: COMMAND_INPUT,
    serializeState: serializeCommand,
  },
  {
    name: 'employee-list',
    machine: employeeListMachine,
    fixtures: employeeListFixtures,
    input: {},
    serializeState: serializeEmployeeList,
  },
  {
    name: 'dispatched-doc',
    machine: dispatchedDocMachine,
    fixtures: dispatchedDocFixtures,
    input: DISPATCHED_DOC_INPUT,
  },
  { name: 'ignored-pages', machine: ignoredPagesMachine, fixtures: ignoredPagesFixtures, input: IGNORED_INPUT },
  {
    name: 'campaign-creation',
    machine: campaignCreationMachine,
    fixtures: creationFixtures,
    input: {},
    serializeState: serializeCreation,
  },
  { name: 'upload', machine: uploadMachine, fixtures: uploadFixtures, input: UPLOAD_INPUT },
  { name: 'signbook', machine: signbookMachine, fixtures: signbookFixtures, input: signbookInput },
  {
    name: 'signbook-creation',
    machine: signbookCreationMachine,
    fixtures: signbookCreationFixtures,
    input: signbookCreationInput,
    serializeState: serializeSignbookCreation,
  },
  {
    name: 'signbook-template',
    machine: signbookTemplateMachine,
    fixtures: signbookTemplateFixtures,
    input: signbookTemplateInput,
    serializeState: serializeSignbookTemplate,
  },
  { name: 'signer', machine: signerMachine, fixtures: signerFixtures, input: signerInput },
  {
    name: 'rights-form',
    machine: rightsFormMachine,
    fixtures: rightsFormFixtures,
    input: rightsFormInput,
    serializeState: serializeRightsForm,
  },
  {
    name: 'dsn-import',
    machine: dsnImportMachine,
    fixtures: dsnImportFixtures,
    input: dsnImportInput,
    serializeState: serializeDsnImport,
  },
  {
    name: 'document-upload',
    machine: documentUploadMachine,
    fixtures: documentUploadFixtures,
    input: documentUploadInput,
    serializeState: serializeDocumentUpload,
  },
  {
    name: 'document-list',
    machine: documentListMachine,
    fixtures: documentListFixtures,
    input: {},
    serializeState: serializeDocumentList,
  },
  {
    name: 'mask-editor',
    machine: maskEditorMachine,
    fixtures: maskEditorFixtures,
    input: maskEditorInput,
    serializeState: serializeMaskEditor,
  },
];
