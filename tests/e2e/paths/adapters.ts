/** Every machine with a browser adapter, in the order the replay runs them. */
import type { MachineAdapter } from './adapter.ts';
import { authAdapter } from './auth.adapter.ts';
import { domainChoiceAdapter } from './domain-choice.adapter.ts';
import { uploadAdapter } from './upload.adapter.ts';
import { campaignCreationAdapter } from './campaign-creation.adapter.ts';
import { employeeEditAdapter, employeeFormAdapter } from './employee-form.adapter.ts';
import { employeeSheetAdapter } from './employee-sheet.adapter.ts';
import { signerAdapter } from './signer.adapter.ts';
import { campaignAdapter } from './campaign.adapter.ts';
import { campaignDocumentsAdapter } from './campaign-documents.adapter.ts';
import { signbookAdapter } from './signbook.adapter.ts';
import { signbookCreationAdapter } from './signbook-creation.adapter.ts';
import { signbookTemplateAdapter } from './signbook-template.adapter.ts';
import { alertAdapter, alertsAdapter } from './alerts.adapter.ts';
import { notificationsAdapter } from './notifications.adapter.ts';
import { dsnImportAdapter } from './dsn-import.adapter.ts';
import { rightsFormAdapter } from './rights-form.adapter.ts';
import { orgFormAdapter } from './org-form.adapter.ts';
import { groupEditAdapter, groupFormAdapter } from './group-form.adapter.ts';
import { orgConfAdapter } from './org-conf.adapter.ts';
import { dispatchedDocAdapter } from './dispatched-doc.adapter.ts';
import { ignoredPagesAdapter } from './ignored-pages.adapter.ts';
import { profileAdapter } from './profile.adapter.ts';
import { employeeListAdapter } from './employee-list.adapter.ts';
import { documentUploadAdapter } from './document-upload.adapter.ts';
import { documentListAdapter } from './document-list.adapter.ts';
import { maskEditorAdapter } from './mask-editor.adapter.ts';
import { readAdapter } from './read.adapter.ts';
import { readCampaignsAdapter } from './read-campaigns.adapter.ts';
import { commandAdapter, commandDeleteAdapter } from './command.adapter.ts';
import { readMembersAdapter } from './read-members.adapter.ts';
import { readSafeDocumentsAdapter } from './read-safe-documents.adapter.ts';

export const ADAPTERS: readonly MachineAdapter[] = [
  authAdapter,
  domainChoiceAdapter,
  uploadAdapter,
  campaignCreationAdapter,
  employeeFormAdapter,
  employeeEditAdapter,
  employeeSheetAdapter,
  signerAdapter,
  campaignAdapter,
  campaignDocumentsAdapter,
  signbookAdapter,
  signbookCreationAdapter,
  signbookTemplateAdapter,
  alertsAdapter,
  alertAdapter,
  notificationsAdapter,
  dsnImportAdapter,
  rightsFormAdapter,
  orgFormAdapter,
  groupFormAdapter,
  groupEditAdapter,
  orgConfAdapter,
  dispatchedDocAdapter,
  ignoredPagesAdapter,
  profileAdapter,
  employeeListAdapter,
  documentUploadAdapter,
  documentListAdapter,
  maskEditorAdapter,
  readAdapter,
  readCampaignsAdapter,
  commandAdapter,
  commandDeleteAdapter,
  readMembersAdapter,
  readSafeDocumentsAdapter,
];
