import { describePathsSuite } from '../../tests/harness/suite.ts';
import { creationFixtures, serializeCreation } from './creation.fixtures.ts';
import { campaignCreationMachine } from './creation.machine.ts';

describePathsSuite(campaignCreationMachine, { events: creationFixtures, input: {}, serializeState: serializeCreation });
