/** Context, events and input of the mask editor's workflow (its settings, samples, zone and save). */
import type { Mask } from '../../src/contract/entities.ts';
import type { AlertType, MaskIdentifier, MaskPageGrouping } from '../../src/contract/enums.ts';

/** The mask's settings: organisation, name, identifier read in the zone, page grouping. */
export interface MaskSettings {
  readonly orgId: string;
  readonly maskName: string;
  readonly identifier: MaskIdentifier;
  readonly grouping: MaskPageGrouping;
}

/** The zone in PDF points (bottom-left origin) on one page of the samples. */
export type Zone = Mask['zone'];

/** A sample PDF, checked in the browser before it is kept. */
export interface MaskSample {
  readonly name: string;
  readonly bytes: Uint8Array;
}

export interface PageSize {
  readonly width: number;
  readonly height: number;
}

export interface MaskEditorInput {
  readonly docType: string;
  readonly settings: MaskSettings;
  readonly zone: Zone | null;
  readonly samples: readonly MaskSample[];
}

/** What `masks.create` is sent: the settings with the trimmed name, the zone, the samples. */
export interface SaveMaskInput {
  readonly json: MaskSettings & { readonly docType: string; readonly zone: Zone };
  readonly samples: readonly MaskSample[];
}

/** An alert for the view to push: a translation key; `failure` is the call's failure, for the view to word. */
export interface PageAlert {
  readonly message: string;
  readonly type: AlertType;
  readonly values?: Readonly<Record<string, string | number>>;
  readonly failure?: unknown;
}

export interface MaskEditorContext {
  readonly docType: string;
  readonly settings: MaskSettings;
  readonly samples: readonly MaskSample[];
  readonly zone: Zone | null;
  /** The shown page's size, once rendered: a zone outside it cannot be saved. */
  readonly pageSize: PageSize | null;
  /** « Enregistrer » was asked once: the problems are shown from then on. */
  readonly tried: boolean;
}

export type MaskEditorEvent =
  | { readonly type: 'settings.change'; readonly patch: Partial<MaskSettings> }
  | { readonly type: 'samples.change'; readonly samples: readonly MaskSample[] }
  | { readonly type: 'zone.change'; readonly zone: Zone }
  | { readonly type: 'page.measured'; readonly size: PageSize }
  | { readonly type: 'mask.save' }
  | { readonly type: 'mask.cancel' }
  | { readonly type: 'xstate.done.actor.saveMask'; readonly output: Mask }
  | { readonly type: 'xstate.error.actor.saveMask'; readonly error: unknown };
export type MaskEditorEventType = MaskEditorEvent['type'];
