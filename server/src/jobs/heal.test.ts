import { type BrowserPool } from '../runner';
import { type HealingService } from '../services/healing';
import { healKind } from './heal';

// The heal worker checks a healing at once when the bus says it ended elsewhere (a sweep ended it, a
// person's page was told), as runs do; before, it waited for its next heartbeat (issue 28).

describe('the heal worker hears that a healing ended', () => {
  const kind = healKind({ config: {} } as unknown as HealingService, {} as BrowserPool);

  it('names the healing for healing_ended, nothing for any other event', () => {
    expect(kind.endedKey({ healingId: 'h-1', testId: 't', type: 'healing_ended', status: 'failed' })).toBe(
      'h-1',
    );
    expect(kind.endedKey({ healingId: 'h-1', testId: 't', type: 'healing_updated', status: 'running' })).toBe(
      null,
    );
    expect(kind.endedKey({ healingId: 'h-1', testId: 't', type: 'healing_created', status: 'pending' })).toBe(
      null,
    );
    expect(kind.endedKey({ runId: 'h-1', testId: 't', type: 'run_ended', status: 'failed' })).toBe(null);
    expect(kind.endedKey({ testId: 'h-1', type: 'not_running' })).toBe(null);
  });
});
