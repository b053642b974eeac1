import { describePathsSuite } from '../../tests/harness/suite.ts';
import { UPLOAD_INPUT, uploadFixtures } from './upload.fixtures.ts';
import { uploadMachine } from './upload.machine.ts';

describePathsSuite(uploadMachine, { events: uploadFixtures, input: UPLOAD_INPUT });
