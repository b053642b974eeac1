import { describePathsSuite } from '../../tests/harness/suite.ts';
import { PROFILE_INPUT, profileFixtures, serializeProfile } from './profile.fixtures.ts';
import { profileMachine } from './profile.machine.ts';

describePathsSuite(profileMachine, { events: profileFixtures, input: PROFILE_INPUT, serializeState: serializeProfile });
