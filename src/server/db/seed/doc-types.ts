/**
 * The reference document types every domain starts with: put in by the demo seed, and by a start
 * without it (bootstrap.ts) where missing.
 */
export const DOC_TYPES = [
  { code: 'BULLETIN_PAIE', label: 'Bulletin de paie' },
  { code: 'ATTESTATION_EMPLOYEUR', label: 'Attestation employeur' },
  { code: 'CONTRAT_TRAVAIL', label: 'Contrat de travail' },
  { code: 'NOTE_SERVICE', label: 'Note de service' },
  { code: 'SOLDE_TOUT_COMPTE', label: 'Solde de tout compte' },
] as const;
