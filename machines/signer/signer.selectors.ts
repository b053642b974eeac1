/** Snapshot → what the signer's screens need. */
import type { SnapshotFrom } from 'xstate';
import type { SignerMachine } from './signer.machine.ts';

export type SignerSnapshot = SnapshotFrom<SignerMachine>;

/** The screen of the walk: one per step (waiting states share their step's screen). */
export type SignerScreen = 'read' | 'channel' | 'code' | 'done' | 'refused';

export const selectSigner = (s: SignerSnapshot) => {
  const screen: SignerScreen = s.matches('reading')
    ? 'read'
    : s.matches('choosingChannel') || s.matches('requestingCode')
      ? 'channel'
      : s.matches('signed')
        ? 'done'
        : s.matches('refused')
          ? 'refused'
          : s.matches('refusing')
            ? 'read'
            : 'code';
  return {
    screen,
    state: String(s.value),
    busy: s.matches('requestingCode') || s.matches('signing') || s.matches('refusing'),
    requesting: s.matches('requestingCode'),
    signing: s.matches('signing'),
    refusing: s.matches('refusing'),
    locked: s.matches('locked'),
    expired: s.matches('expired'),
    /** The code can be typed: a live, unlocked code. */
    canEnterCode: s.matches('enteringCode'),
    mode: s.context.mode,
    email: s.context.email,
    phone: s.context.phone,
    sent: s.context.sent,
    triesLeft: s.context.triesLeft,
    errorKey: s.context.errorKey,
    reason: s.context.reason,
  };
};
export type SignerView = ReturnType<typeof selectSigner>;
