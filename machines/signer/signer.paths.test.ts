import { describePathsSuite } from '../../tests/harness/suite.ts';
import { signerFixtures, signerInput } from './signer.fixtures.ts';
import { signerMachine } from './signer.machine.ts';

describePathsSuite(signerMachine, { events: signerFixtures, input: signerInput });
