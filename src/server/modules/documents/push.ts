/**
 * Tells the organisation's DocSearch room that documents arrived, after the deposit's commit, so
 * open lists and the dashboard refetch (each through its own access rules: the event names none).
 */
import type { DomainId } from '../../../contract/constants.ts';
import type { DocumentSource } from '../../../contract/documents.ts';
import type { Push } from '../../push/push.ts';

export function publishDeposited(push: Push, domain: DomainId, organizationId: string, source: DocumentSource): void {
  push.publishToOrg(domain, organizationId, 'documents.deposited', { organizationId, source });
}
