export { domainChoiceMachine, type DomainChoiceMachine } from './domain-choice.machine.ts';
export { selectDomainChoice, type DomainChoiceSnapshot, type DomainChoiceView } from './domain-choice.selectors.ts';
export * from './domain-choice.types.ts';
