export { isWellFormedCode, normalizeCode, signerMachine, type SignerMachine } from './signer.machine.ts';
export { selectSigner, type SignerScreen, type SignerSnapshot, type SignerView } from './signer.selectors.ts';
export * from './signer.types.ts';
