import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { server } from '../../../testing/msw/server';
import { renderWithStore } from '../../../testing/renderWithStore';
import { RunInbox } from './RunInbox';

// Issue 32: a run's mails on its page — subject, sender and time in a list, the words of one on a click.

const ADDRESS = 'run-0123456789abcdef0123@inbox.plainwright.test';

function serveInbox(reply: () => Response) {
  let reads = 0;
  server.use(
    http.get('*/api/test-run/:runId/inbox', () => {
      reads++;
      return reply();
    }),
  );
  return () => reads;
}

describe("a run's e-mail", () => {
  it('lists the mails newest first and shows the words of the one picked', async () => {
    serveInbox(() =>
      HttpResponse.json({
        address: ADDRESS,
        mails: [
          {
            id: 'm2',
            from: 'no-reply@acme.test',
            subject: 'Welcome to Acme',
            text: 'Your code is 482913. Your password is ••••••.',
            links: ['https://acme.test/confirm'],
            received_at: '2026-11-28T10:02:03.000Z',
          },
          {
            id: 'm1',
            from: '',
            subject: '',
            text: '',
            links: [],
            received_at: '2026-11-28T10:01:00.000Z',
          },
        ],
      }),
    );
    const { user } = renderWithStore(<RunInbox runId="run-1" running={false} />);
    const list = await screen.findByRole('list', { name: 'E-mail of the run' });
    const [newest, older] = within(list).getAllByRole('button');
    expect(newest).toHaveTextContent('Welcome to Acme');
    expect(newest).toHaveTextContent('no-reply@acme.test');
    expect(older).toHaveTextContent('(no subject)');
    expect(screen.queryByLabelText('The e-mail "Welcome to Acme"')).not.toBeInTheDocument();
    await user.click(newest);
    expect(newest).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByLabelText('The e-mail "Welcome to Acme"')).toHaveTextContent(
      'Your code is 482913. Your password is ••••••.',
    );
    await user.click(newest);
    expect(screen.queryByLabelText('The e-mail "Welcome to Acme"')).not.toBeInTheDocument();
  });

  it('says when no mail came, and when the inbox could not be read, with a way to try again', async () => {
    let broken = true;
    const reads = serveInbox(() =>
      broken
        ? HttpResponse.json({ error: { code: 'internal', message: 'boom' } }, { status: 500 })
        : HttpResponse.json({ address: ADDRESS, mails: [] }),
    );
    const { user } = renderWithStore(<RunInbox runId="run-2" running={false} />);
    expect(await screen.findByText("The run's e-mail could not be read.")).toBeInTheDocument();
    broken = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(/No e-mail came to/)).toHaveTextContent(`No e-mail came to ${ADDRESS}.`);
    expect(reads()).toBeGreaterThanOrEqual(2);
  });
});
