/**
 * The socket.io event map. The handshake carries the session token (`auth: { token }`); the
 * server joins the socket to `user:{userId}`, to `org:{domain}:{orgId}` for every organisation
 * visible to the user in the session's domain, and to `org:{domain}:{orgId}:{feature}` for each
 * feature of `ORG_EVENT_FEATURES` the session holds, and to nothing else. A guest signatory's socket
 * (`auth: { guestToken }`, the signing link's token) joins only `signbook:{domain}:{id}` of that link.
 */
import type { DomainId } from './constants.ts';
import type { BadgeCounts, Campaign, DispatchedDocument, Notification, Signbook } from './entities.ts';
import type { CampaignStatus, DispatchedDocStatus } from './enums.ts';
import type { Feature } from './features.ts';

export const SOCKET_PATH = '/socket.io';

export const roomForUser = (userId: string): string => `user:${userId}`;
/** Every socket whose session sees the organisation (badge refreshes find their sessions here). */
export const roomForOrg = (domain: DomainId, orgId: string): string => `org:${domain}:${orgId}`;
/** The sockets that see the organisation and whose session holds `feature`: where its events go. */
export const roomForOrgFeature = (domain: DomainId, orgId: string, feature: Feature): string =>
  `org:${domain}:${orgId}:${feature}`;
/** Guest signatories' sockets (handshake `auth: { guestToken }`) of one signbook; each hears its own view. */
export const roomForSignbook = (domain: DomainId, signbookId: string): string => `signbook:${domain}:${signbookId}`;

/**
 * Documents were deposited into an organisation's safes (a campaign's dispatch, a sealed signbook,
 * an upload): open documents lists and the dashboard refetch. It names no document — whether the
 * listener may see them is for its own access rules, which the refetch applies.
 */
export interface DocumentsDeposited {
  readonly organizationId: string;
  readonly source: 'campaign' | 'signbook' | 'upload';
}

export interface CampaignProgress {
  readonly campaignId: string;
  readonly organizationId: string;
  readonly status: CampaignStatus;
  readonly pagesTotal: number;
  readonly pagesSplit: number;
  readonly counts: Partial<Record<DispatchedDocStatus, number>>;
}

/** Server → client. */
export interface ServerToClientEvents {
  /** Sent on connection (the current state for a late joiner) and whenever a count changes. */
  'badges.updated': (counts: BadgeCounts) => void;
  /** A server-side long task (split, dispatch, seal, mail) reports progress to its user. */
  'notification.upserted': (notification: Notification) => void;
  'campaign.updated': (campaign: Campaign) => void;
  'campaign.progressed': (progress: CampaignProgress) => void;
  'dispatchedDoc.updated': (doc: DispatchedDocument) => void;
  'signbook.updated': (signbook: Signbook) => void;
  'documents.deposited': (event: DocumentsDeposited) => void;
  /** The session behind this socket was revoked or expired: the client ends it like a 401. */
  'session.expired': (reason: { key: string }) => void;
  /** Rooms joined after (re)authentication, for the client to know what it follows. */
  'rooms.joined': (rooms: { domain: DomainId; orgIds: string[] }) => void;
}

/** Client → server. */
export interface ClientToServerEvents {
  /** Re-check the token (after a refresh) and re-join the allowed rooms. */
  'session.resume': (token: string, ack: (ok: boolean) => void) => void;
  /** Follow one campaign or signbook page; refused unless its organisation is visible. */
  'campaign.follow': (campaignId: string, ack: (ok: boolean) => void) => void;
  'signbook.follow': (signbookId: string, ack: (ok: boolean) => void) => void;
}

export interface SocketData {
  userId: string;
  sessionId: string;
  domain: DomainId;
  /** Set for a guest signatory's socket (signing link, no session: userId and sessionId are ''). */
  guest?: {
    signbookId: string;
    signatoryId: string;
    /** SHA-256 of the link it connected with: a link replaced since no longer hears the signbook. */
    linkHash: string;
  };
}

export type ServerEventName = keyof ServerToClientEvents;

/**
 * The feature each organisation event needs (seed 000 §6): campaign and dispatched-document events
 * reach only sessions holding DocListDispatch, signbook events only those holding ParaphList, document
 * deposits only those holding DocSearch. A
 * socket's feature rooms follow its session's effective rights at once (they are recomputed when
 * rights change); badges go to every socket of the session.
 */
export const ORG_EVENT_FEATURES = {
  'campaign.updated': 'DocListDispatch',
  'campaign.progressed': 'DocListDispatch',
  'dispatchedDoc.updated': 'DocListDispatch',
  'signbook.updated': 'ParaphList',
  'documents.deposited': 'DocSearch',
} as const satisfies Partial<Record<ServerEventName, Feature>>;
export type OrgEventName = keyof typeof ORG_EVENT_FEATURES;
/** The features that have organisation rooms. */
export const ORG_ROOM_FEATURES: readonly Feature[] = [...new Set(Object.values(ORG_EVENT_FEATURES))];
export type ServerEventPayload<E extends ServerEventName> = Parameters<ServerToClientEvents[E]>[0];
