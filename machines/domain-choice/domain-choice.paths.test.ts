import { describePathsSuite } from '../../tests/harness/suite.ts';
import { DOMAIN_CHOICE_INPUT, domainChoiceFixtures } from './domain-choice.fixtures.ts';
import { domainChoiceMachine } from './domain-choice.machine.ts';

describePathsSuite(domainChoiceMachine, { events: domainChoiceFixtures, input: DOMAIN_CHOICE_INPUT });
