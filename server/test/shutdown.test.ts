import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { freePort, freshPostgres, testDatabaseUrl } from './helpers';
import { startProduct, waitForHealth } from './processes';

describe('graceful shutdown', () => {
  it('finishes in-flight requests on SIGTERM, exits cleanly and leaves no half-written organization', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-sigterm-'));
    const postgres = testDatabaseUrl ? await freshPostgres() : null;
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const env = {
      PORT: String(port),
      DATA_DIR: dataDir,
      STATIC_DIR: path.join(dataDir, 'none'),
      DATABASE_URL: postgres?.url ?? '',
    };
    try {
      const first = startProduct(env);
      await waitForHealth(url);
      const supabase = createClient(`${url}/idp`, 'anon', {
        auth: { persistSession: false, autoRefreshToken: false },
        realtime: { transport: WebSocket as never },
      });
      const { data, error } = await supabase.auth.signUp({
        email: 'shutdown@example.com',
        password: 'long enough password',
      });
      expect(error).toBeNull();
      const token = data.session!.access_token;
      const create = (i: number) =>
        fetch(`${url}/api/organizations`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ name: `Org ${i}` }),
        }).then(
          (response) => response.status,
          () => 'refused' as const,
        );
      const inFlight = Array.from({ length: 40 }, (_, i) => create(i));
      await new Promise((resolve) => setTimeout(resolve, 30));
      first.child.kill('SIGTERM');
      const statuses = await Promise.all(inFlight);
      const code = await first.exited;
      if (code !== 0) console.log(first.output());
      expect(code).toBe(0);
      expect(first.output()).toContain('SIGTERM: finishing requests and jobs');
      const created = statuses.filter((status) => status === 201).length;
      expect(statuses.every((status) => status === 201 || status === 'refused' || status === 503)).toBe(true);

      const second = startProduct(env);
      try {
        await waitForHealth(url);
        const { data: again } = await supabase.auth.signInWithPassword({
          email: 'shutdown@example.com',
          password: 'long enough password',
        });
        const response = await fetch(`${url}/api/auth/get-user-organizations`, {
          headers: { authorization: `Bearer ${again.session!.access_token}` },
        });
        const organizations = (await response.json()) as { role: string }[];
        // Every organization acknowledged before the stop exists, each with its admin membership.
        expect(organizations.length).toBeGreaterThanOrEqual(created);
        expect(organizations.every((organization) => organization.role === 'admin')).toBe(true);
      } finally {
        second.child.kill('SIGTERM');
        await second.exited;
      }
    } finally {
      await postgres?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
