import { parentPort } from 'node:worker_threads';
import { translatePythonScript } from './python';
import type { TranslationReply, TranslationRequest } from './pythonThread';

// Inside a translator thread (modules/pythonThread.ts): one script at a time, read and answered.

const port = parentPort!;
port.on('message', ({ id, script, secretNames }: TranslationRequest) => {
  let reply: TranslationReply;
  try {
    reply = { id, translation: translatePythonScript(script, { secretNames }) };
  } catch (error) {
    reply = { id, failure: error instanceof Error ? error.message : String(error) };
  }
  port.postMessage(reply);
});
