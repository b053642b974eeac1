import { describePathsSuite } from '../../tests/harness/suite.ts';
import { COMMAND_INPUT, commandFixtures, serializeCommand } from './command.fixtures.ts';
import { commandMachine } from './command.machine.ts';

describePathsSuite(commandMachine, {
  events: commandFixtures,
  input: COMMAND_INPUT,
  serializeState: serializeCommand,
});
