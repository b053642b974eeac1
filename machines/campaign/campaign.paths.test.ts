import { describePathsSuite } from '../../tests/harness/suite.ts';
import { campaignFixtures } from './campaign.fixtures.ts';
import { campaignMachine } from './campaign.machine.ts';

describePathsSuite(campaignMachine, { events: campaignFixtures });
