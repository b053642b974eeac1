export { createOrgConfActors, type OrgConfApiPort } from './orgConf.actors.ts';
export { orgConfMachine, type OrgConfMachine } from './orgConf.machine.ts';
export { confBody, cssError } from './orgConf.model.ts';
export { selectOrgConf, type OrgConfSnapshot, type OrgConfView } from './orgConf.selectors.ts';
export * from './orgConf.types.ts';
