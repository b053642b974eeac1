import { describePathsSuite } from '../../tests/harness/suite.ts';
import { groupFormFixtures, PATHS_INPUT, serializeGroupForm } from './groupForm.fixtures.ts';
import { groupFormMachine } from './groupForm.machine.ts';

describePathsSuite(groupFormMachine, {
  events: groupFormFixtures,
  input: PATHS_INPUT,
  serializeState: serializeGroupForm,
});
