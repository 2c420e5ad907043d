import { object, string } from 'yup';
import { messages } from './messages';

/** Text feedback on a step: a new instruction, which must differ from the step's own (SPEC §5). */
export const stepInstructionSchema = (original: string) =>
  object({
    instruction: string()
      .trim()
      .required(messages.instructionRequired)
      .test('changed', messages.sameInstruction, (value) => value !== original.trim()),
  });
