import { describePathsSuite } from '../../tests/harness/suite.ts';
import { orgConfFixtures, PATHS_INPUT, serializeOrgConf } from './orgConf.fixtures.ts';
import { orgConfMachine } from './orgConf.machine.ts';

describePathsSuite(orgConfMachine, { events: orgConfFixtures, input: PATHS_INPUT, serializeState: serializeOrgConf });
